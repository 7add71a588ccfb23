import { createExtensionPoint } from '../common';

/** A value update for one item, produced by a data-source adapter from a device uplink. */
export interface Uplink {
  /** The data source type, e.g. `chirpstack`. */
  source: string;
  /** The device's identity in that source (a DevEUI, a device id, an item uuid). */
  deviceId: string;
  /** Drops a redelivered uplink: deduplicationId, or device + counter + time. */
  dedupKey: string;
  receivedAt: Date;
  fields: Record<string, unknown>;
  /** Radio metadata for the raw row (rssi, snr, dr, gateway id). */
  meta?: Record<string, unknown>;
}

export interface DeviceCommand {
  deviceId: string;
  port?: number;
  confirmed?: boolean;
  data?: string;
  object?: Record<string, unknown>;
}

export interface DataSourceSink {
  /** Stores a batch; resolves once it is committed, so the adapter may acknowledge the publisher. */
  ingest(uplinks: Uplink[]): Promise<void>;
}

/** A device source (ChirpStack, The Things Stack, HTTP, crawler...), contributed by a data-source plugin. */
export interface DataSourceAdapter {
  type: string;
  start(sink: DataSourceSink, signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
  sendCommand?(command: DeviceCommand): Promise<void>;
}

export const dataSourceAdapters = createExtensionPoint<DataSourceAdapter>('core.data-source-adapters/v1');
