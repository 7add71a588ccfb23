import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers with a Content-Security-Policy the console works under: its own scripts only, inline styles
 * (Fluent UI injects them), images from data:/blob: URLs, an external white-label logo and the object storage that
 * image links redirect to, the image origins plugins declare (map tiles), and the push WebSocket.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  companyLogo: string | null,
  storageEndpoint: string | null,
  pluginImageSources: readonly string[] = [],
): Promise<void> {
  const logoOrigin = companyLogo && /^https?:\/\//.test(companyLogo) ? [new URL(companyLogo).origin] : [];
  const storageOrigin = storageEndpoint ? [new URL(storageEndpoint).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...logoOrigin, ...storageOrigin, ...new Set(pluginImageSources)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain-HTTP deployments on a LAN must keep working; TLS termination is the proxy's choice.
        upgradeInsecureRequests: null,
      },
    },
  });
}
