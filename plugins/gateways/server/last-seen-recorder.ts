import type { Logger } from '@sensorium/core/server';
import type { GatewaySighting } from '../common';
import type { GatewayRepository } from './repository';

/**
 * Last seen from the network servers' MQTT feeds. A sighting arrives on the ingest path for every uplink, so `note` only
 * keeps the latest time per gateway in memory; `flush` writes them all with one statement every few seconds. A failed
 * write keeps them for the next flush.
 */
export class LastSeenRecorder {
  private pending = new Map<string, GatewaySighting>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: Pick<GatewayRepository, 'seenMany'>,
    private readonly logger: Logger,
  ) {}

  readonly note = (sighting: GatewaySighting): void => {
    const key = `${sighting.type}/${sighting.gatewayId}`;
    const known = this.pending.get(key);
    if (!known || known.at < sighting.at) this.pending.set(key, sighting);
  };

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.repository.seenMany([...batch.values()]);
    } catch (error) {
      this.logger.warn({ err: error, gateways: batch.size }, 'could not write the gateways’ last-seen times');
      for (const sighting of batch.values()) this.note(sighting);
    }
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is pending (on shutdown, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
