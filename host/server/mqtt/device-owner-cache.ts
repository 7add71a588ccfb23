import type { DeviceOwners, DeviceOwnerSnapshot } from '@sensorium/core/server';

const NOBODY: DeviceOwnerSnapshot = { ownerOf: () => undefined };

/**
 * The latest reading of the device bindings' owners. `current` answers at once (the broker's forward check is
 * synchronous) and starts a new reading once the last is older than `maxAgeMs`; `fresh` waits for a reading at most
 * `ageMs` old, for checks that may wait (a refused publish or subscription is checked again on a fresh reading, so an
 * item saved a moment ago counts). Without a provider (no nodes plugin) no device belongs to any organisation.
 */
export class DeviceOwnerCache {
  private snapshot = NOBODY;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly owners: DeviceOwners | null,
    private readonly maxAgeMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  current(): DeviceOwnerSnapshot {
    if (Date.now() - this.readAt > this.maxAgeMs) void this.read().catch(this.onError);
    return this.snapshot;
  }

  async fresh(ageMs: number): Promise<DeviceOwnerSnapshot> {
    if (Date.now() - this.readAt > ageMs) await this.read();
    return this.snapshot;
  }

  private read(): Promise<void> {
    const { owners } = this;
    if (!owners) return Promise.resolve();
    this.reading ??= (async () => {
      const started = Date.now();
      try {
        this.snapshot = await owners.snapshot();
        this.readAt = started;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
