import type { HttpClient } from '@sensorium/core/client';
import { BACKGROUND_IMAGE_FIELD, type ThemeProfile, type ThemeProfileInput } from '../common';

/** What the form holds for the background: the stored image, none, or a file chosen but not yet uploaded. */
export type BackgroundChoice = { kind: 'stored'; image: string } | { kind: 'none' } | { kind: 'file'; file: File };

/**
 * Creates or updates the theme, then uploads a newly chosen background (an upload needs the theme's id, which a new
 * theme only has once created). Choosing "none" for a theme that had an image sends backgroundImage ''.
 */
export async function saveTheme(
  http: HttpClient,
  existing: ThemeProfile | null,
  input: ThemeProfileInput,
  background: BackgroundChoice,
): Promise<ThemeProfile> {
  const removesImage = background.kind === 'none' && existing?.theme.dashboard.backgroundImage;
  const body: ThemeProfileInput = removesImage
    ? { ...input, theme: { ...input.theme, dashboard: { ...input.theme?.dashboard, backgroundImage: '' } } }
    : input;
  const saved = existing
    ? await http.post(`theme-profile/update/${encodeURIComponent(existing.id)}`, { json: body }).json<ThemeProfile>()
    : await http.post('theme-profile/new', { json: body }).json<ThemeProfile>();
  if (background.kind !== 'file') return saved;
  const form = new FormData();
  form.append(BACKGROUND_IMAGE_FIELD, background.file);
  return http.put(`theme-profile/${encodeURIComponent(saved.id)}/background`, { body: form }).json<ThemeProfile>();
}
