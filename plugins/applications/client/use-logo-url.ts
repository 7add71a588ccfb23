import { API_PREFIX } from '@sensorium/core/common';
import { useConsole } from '@sensorium/core/client';

/**
 * The address of an application's logo for an <img> tag (which cannot send a header: the access token and a
 * cache-busting time go in the query), or null when it has none.
 */
export function useLogoUrl(app: { id: string; logo: string | null; updateDate: string }): string | null {
  const { tokens } = useConsole();
  if (!app.logo) return null;
  const token = encodeURIComponent(tokens.accessToken ?? '');
  return `${API_PREFIX}/application/${encodeURIComponent(app.id)}/${encodeURIComponent(app.logo)}?token=${token}&t=${Date.parse(app.updateDate)}`;
}
