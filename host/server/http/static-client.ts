import { access } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const NOT_BUILT =
  'The Sensorium console is not built, so there is nothing to show here yet. Run "npm run build" and restart the server. The API is available under /api.';

/** Hashed build output (a new build gives a changed file a new name), so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console. Paths that are not files get index.html, so the browser router handles deep links such as
 * /application/application-list. The build writes a brotli (.br) and a gzip (.gz) copy beside each text file
 * (vite.config.ts); a browser that accepts one gets it with its Content-Encoding, others the file itself, and every
 * answer says it varies by Accept-Encoding so caches keep the encodings apart. Hashed assets are cached for good;
 * index.html (and anything else outside assets/, such as the favicon) is revalidated so a new build shows at once.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<PageFallback> {
  const built = await access(join(clientDir, 'index.html')).then(
    () => true,
    () => false,
  );
  if (!built) {
    app.log.warn({ clientDir }, 'console not built: run "npm run build"');
    return (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
  }
  const assets = join(clientDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    preCompressed: true,
    // Our own cache headers below, for files and for the index.html fallback alike.
    cacheControl: false,
    setHeaders(response, path) {
      response.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  return (_request, reply) => reply.sendFile('index.html');
}
