import { createToken } from '@sensorium/core/common';

/**
 * Messages to every instance of a cluster sharing one database, this one included: what each instance must do with
 * state only it holds (its push sockets) travels as a small JSON payload, and each instance acts on it locally.
 */
export interface ClusterBus {
  /** False when no other instance can exist (embedded PGlite): what this instance knows is then the whole picture. */
  readonly spansInstances: boolean;
  /**
   * Registers the handler of channel `name` (once per name) and returns its sender. A payload sent reaches the handler
   * on every instance: on this one at once, on the others as soon as the bus carries it, in the order this instance
   * sent them. Delivery to other instances is best effort: while an instance's bus connection is down it misses what is
   * sent meanwhile. Payloads must survive JSON (no Map, Date or functions); the handler receives the parsed copy.
   */
  channel<T>(name: string, onMessage: (payload: T) => void): (payload: T) => void;
}
export const ClusterBusToken = createToken<ClusterBus>('core.cluster-bus');
