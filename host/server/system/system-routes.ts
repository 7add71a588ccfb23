import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { extname } from 'node:path';
import { API_PREFIX, type SystemInfo } from '@sensorium/core/common';
import { defineRoute, HttpError, type ServerConfig } from '@sensorium/core/server';
import packageJson from '../../../package.json';

const LOGO_PATH = '/system/logo';
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/** A logo given as a URL is linked as is; one given as a file is served by this server. */
function logoUrl(companyLogo: string | null): string | null {
  if (!companyLogo) return null;
  return /^https?:\/\//.test(companyLogo) ? companyLogo : `${API_PREFIX}${LOGO_PATH}`;
}

/** What the browser needs before login: white label, version, licences and running plugins. */
export function systemRoutes(config: ServerConfig, runningPluginIds: readonly string[]) {
  const info: SystemInfo = {
    companyName: config.companyName,
    logoUrl: logoUrl(config.companyLogo),
    version: packageJson.version,
    licences: config.licences,
    plugins: [...runningPluginIds],
    supportEmail: config.supportEmail,
  };
  const systemInfo = defineRoute<unknown, unknown, unknown, false>({
    method: 'GET',
    url: '/system/info',
    summary: 'Company name, logo, version, licences and running plugins (public)',
    auth: false,
    response: {
      type: 'object',
      required: ['companyName', 'logoUrl', 'version', 'licences', 'plugins', 'supportEmail'],
      properties: {
        companyName: { type: 'string' },
        logoUrl: { type: ['string', 'null'], description: 'null: the bundled default logo' },
        version: { type: 'string' },
        licences: {
          type: 'object',
          required: ['all', 'keys'],
          properties: { all: { type: 'boolean' }, keys: { type: 'array', items: { type: 'string' } } },
        },
        plugins: { type: 'array', items: { type: 'string' }, description: 'The plugins whose server part is running' },
        supportEmail: { type: ['string', 'null'] },
      },
    },
    handler: () => info,
  });
  const logo = defineRoute<unknown, unknown, unknown, false>({
    method: 'GET',
    url: LOGO_PATH,
    errors: [404],
    summary: 'The white-label logo file of SENSORIUM_COMPANY_LOGO (public)',
    auth: false,
    async handler({ reply }) {
      const file = config.companyLogo;
      if (!file || info.logoUrl !== `${API_PREFIX}${LOGO_PATH}`) throw HttpError.notFound();
      await access(file).catch(() => {
        throw HttpError.notFound();
      });
      return reply.type(IMAGE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream').send(createReadStream(file));
    },
  });
  return [systemInfo, logo];
}
