import type { FastifyRequest } from 'fastify';
import { defineRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import type { LiveValueFeed, NodeValue } from '@sensorium/device-pipeline/common';
import { SHARED_LIVE_EVENTS } from '../common';
import { boundItems } from './definition-check';
import type { SharedCall } from './shared-dashboard';
import { SHARED_BASE } from './shared-view-routes';

/** How often an open stream reads its link again: a revocation or an edit of the dashboard applies within it. */
export const LIVE_RECHECK_MS = 10_000;
/** A comment line when nothing else was sent for this long, so that proxies keep a quiet stream open. */
const KEEP_ALIVE_MS = 25_000;
/** setTimeout's longest delay; a link valid for longer is read again before then anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Per address: a viewer holds one stream and opens it again after a drop or a restart. */
const LIVE_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 };

/** The open streams, ended on drain (HTTP closes only once every answer has ended). */
export class SharedLiveStreams {
  private readonly open = new Set<() => void>();

  add(end: () => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  /** Tells every viewer that the server restarts (their page reconnects to another instance or this one later). */
  endAll(): void {
    for (const end of [...this.open]) end();
  }
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /dashboard-share/live: the bound items' live values of a share link's dashboard, as server-sent events, so its
 * view follows a value as a signed-in dashboard does (the push socket admits sessions only). The link is checked
 * before the stream opens (401) and every LIVE_RECHECK_MS while it is open; a revoked or expired link gets a
 * `refused` event and the end of the stream, a restarting server a `restart` event.
 */
export function sharedLiveRoute(
  opened: (request: FastifyRequest) => Promise<SharedCall>,
  feed: LiveValueFeed,
  streams: SharedLiveStreams,
): AnyRouteDefinition {
  return defineRoute({
    method: 'GET',
    url: `${SHARED_BASE}/live`,
    auth: false,
    rateLimit: LIVE_RATE_LIMIT,
    errors: [401],
    summary:
      'A shared dashboard’s live values as server-sent events (text/event-stream): `values` carries a JSON array of its bound items that changed (uuid, outputSimple, status, connection, lastReceiveDate, lastValidDate); `refused` ends the stream when the link is revoked or expires, `restart` when the server restarts',
    handler: async ({ request, reply }) => {
      const { grant, dashboard } = await opened(request);
      let bound = boundItems(dashboard);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies (nginx) pass the events on as they come instead of buffering them.
        'x-accel-buffering': 'no',
      });
      let lastWrite = Date.now();
      const write = (text: string) => {
        lastWrite = Date.now();
        raw.write(text);
      };
      write(': open\n\n');
      const unwatch = feed.watch(grant.appId, (items: readonly NodeValue[]) => {
        const shown = items.filter((item) => bound.has(item.uuid));
        if (shown.length > 0) write(frame(SHARED_LIVE_EVENTS.values, shown));
      });
      const recheck = setInterval(() => {
        opened(request).then(
          (again) => {
            bound = boundItems(again.dashboard);
          },
          () => end(SHARED_LIVE_EVENTS.refused),
        );
      }, LIVE_RECHECK_MS);
      const keepAlive = setInterval(() => {
        if (Date.now() - lastWrite >= KEEP_ALIVE_MS) write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);
      const expiry = setTimeout(
        () => end(SHARED_LIVE_EVENTS.refused),
        Math.min(Math.max(grant.expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS),
      );
      function stop() {
        unwatch();
        clearInterval(recheck);
        clearInterval(keepAlive);
        clearTimeout(expiry);
        forget();
      }
      function end(event: string) {
        stop();
        if (!raw.writableEnded) raw.end(frame(event, {}));
      }
      const forget = streams.add(() => end(SHARED_LIVE_EVENTS.restart));
      raw.on('close', stop);
      return reply;
    },
  });
}
