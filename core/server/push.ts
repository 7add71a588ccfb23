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
  /** Whether a socket of this instance is subscribed to (topic, key), so it can skip building a message nobody reads. */
  hasSubscribers(topic: string, key: string): boolean;
  /**
   * hasSubscribers, where other instances may have sockets too: false only when no socket anywhere can be subscribed
   * (a single instance without one). A publisher that does work before fanning out skips it when false.
   */
  mayHaveSubscribers(topic: string, key: string): boolean;
  /**
   * A push every instance of a cluster sends to its own sockets (docs/deployment.md, "Several instances"): the sender
   * returned hands a small JSON payload to `deliver` on every instance, this one included, and `deliver` publishes it
   * there with filters built there (closures over users' rights cannot travel). Register each name once, at start-up.
   */
  fanOut<T>(name: string, deliver: (payload: T) => void): (payload: T) => void;
}
export const PushHubToken = createToken<PushHub>('core.push-hub');
