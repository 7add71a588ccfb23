import { API_PREFIX } from '@sensorium/core/common';

/** The URL an <img> loads a stored background from: image tags cannot send a header, so the token goes in the query. */
export function backgroundImageUrl(image: string, accessToken: string | null): string {
  const query = accessToken ? `?token=${encodeURIComponent(accessToken)}` : '';
  return `${API_PREFIX}/dashboard/default_application/${encodeURIComponent(image)}${query}`;
}
