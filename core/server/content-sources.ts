import { createExtensionPoint } from '@sensorium/core/common';

/**
 * Origins a plugin's pages load images from (e.g. the map tiles of the nodes plugin's configuration), added to the
 * Content-Security-Policy's img-src at start. `*` may stand for a subdomain (`https://*.tile.example`).
 */
export interface ContentSources {
  imgSrc: readonly string[];
}

export const contentSources = createExtensionPoint<ContentSources>('core.content-sources/v1');

/** The CSP source of a URL template such as `https://{s}.tile.example/{z}/{x}/{y}.png`: its origin, `{s}` as `*`. */
export function templateOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return null;
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  return /^[\w.*:-]+$/.test(host) ? `${match[1]}://${host}` : null;
}
