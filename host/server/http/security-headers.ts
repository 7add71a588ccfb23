import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, worked out once. @fastify/helmet builds helmet's middleware again on every
 * request (parsing the policy's directives each time), about a percent of a short API call; the headers never change
 * while the server runs, so they are computed at start and set as they are.
 */
function fixedHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers with a Content-Security-Policy the console works under: its own scripts only, inline styles
 * (Fluent UI injects them), images from data:/blob: URLs, an external white-label logo and the object storage that
 * image links redirect to, the image origins plugins declare (map tiles), and the push WebSocket.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  companyLogo: string | null,
  storageEndpoint: string | null,
  pluginImageSources: readonly string[] = [],
): void {
  const logoOrigin = companyLogo && /^https?:\/\//.test(companyLogo) ? [new URL(companyLogo).origin] : [];
  const storageOrigin = storageEndpoint ? [new URL(storageEndpoint).origin] : [];
  const headers = fixedHeaders({
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
  const entries = Object.entries(headers);
  // On the raw response, as helmet does: answers written past Fastify's reply (files, upgrades) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
