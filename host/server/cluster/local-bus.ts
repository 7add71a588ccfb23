import type { ClusterBus } from '@sensorium/core/server';
import { ChannelTable } from './channel-table';

/**
 * The bus of a single instance (embedded PGlite): a payload goes straight to its handler. It is copied through JSON
 * as on the other buses, so a payload that would not survive the trip fails here too, in tests on PGlite.
 */
export class LocalClusterBus implements ClusterBus {
  readonly spansInstances = false;
  private readonly channels = new ChannelTable();

  channel<T>(name: string, onMessage: (payload: T) => void): (payload: T) => void {
    this.channels.add(name, onMessage);
    return (payload) => this.channels.deliver(name, JSON.parse(JSON.stringify(payload)));
  }

  async close(): Promise<void> {}
}
