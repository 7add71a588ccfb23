import { createToken, type PushMessage } from '@sensorium/core/common';

/** Sends messages to browsers over the one push WebSocket. */
export interface PushHub {
  /** To every connected session that passes `filter` (all when omitted). */
  publish<T>(
    message: PushMessage<T>,
    filter?: (user: { id: string; level: string; organisationId: string | null; endCustomerId: string | null }) => boolean,
  ): void;
  /**
   * To every connected session that subscribed to (message.topic, key) and passes `filter`; the message goes out with
   * its `key`. Browsers subscribe with `{"subscribe": topic, "key": key}` on the socket.
   */
  publishKeyed<T>(
    key: string,
    message: PushMessage<T>,
    filter?: (user: { id: string; level: string; organisationId: string | null; endCustomerId: string | null }) => boolean,
  ): void;
  /** Whether any socket is subscribed to (topic, key), so a publisher can skip building a message nobody reads. */
  hasSubscribers(topic: string, key: string): boolean;
}
export const PushHubToken = createToken<PushHub>('core.push-hub');
