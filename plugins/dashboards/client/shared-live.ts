import { EventSourceParserStream } from 'eventsource-parser/stream';
import { isHTTPError } from 'ky';
import type { HttpClient } from '@sensorium/core/client';
import type { NodeValuesPush } from '@sensorium/nodes/common';
import { SHARED_LIVE_EVENTS } from '../common';

/** How long a view waits before opening its stream again after a drop or a server restart. */
export const REOPEN_DELAY_MS = 2_000;

export interface SharedLiveHandlers {
  /** A batch of the dashboard's bound items that changed. */
  values(items: NodeValuesPush['items']): void;
  /** The link was refused (revoked, expired): the stream is not opened again. */
  refused(): void;
}

/**
 * Follows a share link's live stream (GET dashboard-share/live, the page token as Bearer) until the returned function
 * is called or the link is refused; a dropped stream or a restarting server is opened again after REOPEN_DELAY_MS.
 */
export function followSharedLive(http: HttpClient, handlers: SharedLiveHandlers): () => void {
  const abort = new AbortController();
  let reopen: ReturnType<typeof setTimeout> | undefined;

  async function read(): Promise<'refused' | 'ended'> {
    const response = await http.get('dashboard-share/live', { signal: abort.signal, timeout: false, retry: 0 });
    const events = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    for (;;) {
      const { done, value } = await events.read();
      if (done) return 'ended';
      if (value.event === SHARED_LIVE_EVENTS.refused) return 'refused';
      if (value.event === SHARED_LIVE_EVENTS.values) handlers.values(JSON.parse(value.data) as NodeValuesPush['items']);
    }
  }

  function open(): void {
    read()
      .catch((error: unknown) => (isHTTPError(error) && error.response.status === 401 ? 'refused' : 'ended'))
      .then((outcome) => {
        if (abort.signal.aborted) return;
        if (outcome === 'refused') handlers.refused();
        else reopen = setTimeout(open, REOPEN_DELAY_MS);
      })
      .catch(() => undefined);
  }

  open();
  return () => {
    abort.abort();
    clearTimeout(reopen);
  };
}
