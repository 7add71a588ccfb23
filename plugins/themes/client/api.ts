import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import { BACKGROUND_IMAGE_FIELD, type ThemeProfile, type ThemeProfileInput } from '../common';

const id = (value: string) => encodeURIComponent(value);

/** The themes plugin's calls (README, API), for its store only. */
export function createThemesApi(http: HttpClient) {
  return {
    list: () => http.get('theme-profile/').json<ThemeProfile[]>(),
    create: (input: ThemeProfileInput) => http.post('theme-profile/new', { json: input }).json<ThemeProfile>(),
    update: (themeId: string, input: ThemeProfileInput) =>
      http.post(`theme-profile/update/${id(themeId)}`, { json: input }).json<ThemeProfile>(),
    uploadBackground: (themeId: string, file: Blob) => {
      const form = new FormData();
      form.append(BACKGROUND_IMAGE_FIELD, file);
      return http.put(`theme-profile/${id(themeId)}/background`, { body: form }).json<ThemeProfile>();
    },
  };
}

export type ThemesApi = ReturnType<typeof createThemesApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function themesApi(node: object): ThemesApi {
  return createThemesApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

/** What the form holds for the background: the stored image, none, or a file chosen but not yet uploaded. */
export type BackgroundChoice = { kind: 'stored'; image: string } | { kind: 'none' } | { kind: 'file'; file: Blob };

/**
 * Creates or updates the theme, then uploads a newly chosen background (an upload needs the theme's id, which a new
 * theme only has once created). Choosing "none" for a theme that had an image sends backgroundImage ''.
 */
export async function saveTheme(
  api: ThemesApi,
  existing: ThemeProfile | null,
  input: ThemeProfileInput,
  background: BackgroundChoice,
): Promise<ThemeProfile> {
  const removesImage = background.kind === 'none' && existing?.theme.dashboard.backgroundImage;
  const body: ThemeProfileInput = removesImage
    ? { ...input, theme: { ...input.theme, dashboard: { ...input.theme?.dashboard, backgroundImage: '' } } }
    : input;
  const saved = existing ? await api.update(existing.id, body) : await api.create(body);
  if (background.kind !== 'file') return saved;
  return api.uploadBackground(saved.id, background.file);
}
