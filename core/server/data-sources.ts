import { createExtensionPoint, createToken } from '@sensorium/core/common';

/** A value update for one item, produced by a data-source adapter from a device uplink. */
export interface Uplink {
  /** The data source type, e.g. `chirpstack`; items are found by dataSource.type and their device id. */
  source: string;
  /** The device's identity in that source (a DevEUI, a device id, an item uuid). */
  deviceId: string;
  /** Limits the lookup to one application (HTTP ingest, where the caller names the application). */
  applicationId?: string;
  /**
   * The device server's application the uplink came from, as its topic names it (a ChirpStack application id, a TTS
   * `application@tenant`). An item bound to an application there takes only that application's uplinks; an item bound to
   * none takes it from its first uplink.
   */
  sourceApplication?: string;
  /** Drops a redelivered uplink: deduplicationId, or device + counter + time. */
  dedupKey: string;
  receivedAt: Date;
  fields: Record<string, unknown>;
  /** The message as received, kept in the raw row. */
  raw?: unknown;
  /** Radio metadata for the raw row's LoRa badges (rssi, snr, dr, gatewayid…). */
  meta?: Record<string, unknown>;
}

/** A device as an item binds it at its device server: its id there and, where ids are per application, the application. */
export interface DeviceIdentity {
  /** The device id in its source, lower case (a DevEUI, a TTS device id). */
  deviceId: string;
  /** The device server's application as the item stores it (ChirpStack application id, TTS `application[@tenant]`); null while unknown. */
  application: string | null;
}

/** On whose behalf a device-server API is called: the organisation owning the item, whose own API settings come first. */
export interface DeviceServerCaller {
  /** Null for the operator's own applications (the operator's settings). */
  organisationId: string | null;
}

export interface DeviceCommand {
  deviceId: string;
  port?: number;
  confirmed?: boolean;
  /** Base64 payload. */
  data?: string;
  object?: Record<string, unknown>;
  /** Source-specific addressing kept on the item (ChirpStack application id, TTS application and tenant…). */
  dataSource?: Record<string, unknown>;
}

/** What a batch did: new uplinks stored, redeliveries dropped, uplinks of devices no item knows. */
export interface IngestOutcome {
  stored: number;
  duplicates: number;
  unknown: number;
  /** Uplinks that can never be stored (text no column holds, nesting too deep): dead-lettered; present when above 0. */
  rejected?: number;
}

/**
 * Why a message never became stored data: larger than the maximum uplink size, not JSON, JSON without what an uplink
 * needs (a device id), or an uplink the database cannot hold.
 */
export type RejectReason = 'too-large' | 'invalid-json' | 'not-an-uplink' | 'unstorable';

/** A message a data source hands back to the sink instead of an uplink: it is acknowledged and kept as a dead letter. */
export interface RejectedMessage {
  /** The data source type (`chirpstack`, `api`…). */
  source: string;
  /** Where it arrived: the MQTT topic, or the HTTP path. */
  origin: string;
  /** As received, or its beginning when it was too large (the sink keeps only its beginning). */
  payload: Buffer | string;
  /** The full size in bytes, when `payload` holds only the beginning. */
  bytes?: number;
  reason: RejectReason;
  /** What exactly was wrong, e.g. the parser's message or the full size. */
  detail?: string;
  /** The console application, when the source knows it (HTTP ingest names it). */
  applicationId?: string;
}

export interface DataSourceSink {
  /**
   * Processes and stores a batch; resolves once it is committed, so the adapter may acknowledge the publisher. An uplink
   * that can never be stored does not fail the batch: it is dead-lettered and counted as `rejected`.
   */
  ingest(uplinks: Uplink[]): Promise<IngestOutcome>;
  /**
   * Records messages that are no uplinks (too large, not JSON, missing fields) as dead letters, counted and logged;
   * resolves once they are recorded, so the adapter may acknowledge them: sending them again would not make them uplinks.
   */
  reject(messages: RejectedMessage[]): Promise<void>;
}

/** A device source (ChirpStack, The Things Stack, HTTP, crawler...), contributed by a data-source plugin. */
export interface DataSourceAdapter {
  type: string;
  start(sink: DataSourceSink, signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
  sendCommand?(command: DeviceCommand): Promise<void>;
  /**
   * Removes the device at the external device server (delete item with "also delete at the device server"): exactly the
   * identity the item is bound to, with the API settings of the item's organisation (the operator's by default).
   */
  deleteDevice?(device: DeviceIdentity, caller: DeviceServerCaller): Promise<void>;
  /**
   * Checks an item's data source when the item is saved (the add-item wizard, an edit): throws an HttpError, a 400
   * naming the field under `context.field`, to refuse it. Checks at use time still apply (DNS can change).
   */
  validateDataSource?(dataSource: Record<string, unknown>, context: DataSourceSaveContext): Promise<void>;
}

/** Where a data source is being saved: its application, and the request field that carries it (`newItem.dataSource`). */
export interface DataSourceSaveContext {
  appId: string;
  field: string;
}

export const dataSourceAdapters = createExtensionPoint<DataSourceAdapter>('core.data-source-adapters/v1');

/** The item store's ingest entry (provided by the nodes plugin); the host starts every adapter with it. */
export const DataSourceSinkToken = createToken<DataSourceSink>('core.data-source-sink');

/** The running adapters by type, for sending commands (provided by the host; filled once every plugin is wired). */
export interface DataSourceDirectory {
  adapter(type: string): DataSourceAdapter | undefined;
  types(): string[];
}
export const DataSourceDirectoryToken = createToken<DataSourceDirectory>('core.data-source-directory');

/** A device the simulator publishes uplinks for, as a data source's encoding sees it. */
export interface SimulatorDevice {
  /** The data source type whose encoding formats its uplinks. */
  source: string;
  /** The device's id at that source (a DevEUI, a device id). */
  deviceId: string;
  /** What it measures (`temperature-humidity`, `door`, `power-meter`, `battery`); a network server may name its profile. */
  kind: string;
  /** Radio quality of its uplinks, stable per device. */
  rssi: number;
  snr: number;
}

/**
 * How a data source's network server publishes an uplink over MQTT, so `sensorium simulate` and the demo can feed the
 * source's adapter realistic messages. A data-source plugin contributes it from its server part; contribute it without
 * using any service, since the CLI collects encodings without starting the plugins.
 */
export interface SimulatorEncoding {
  /** The data source type (`chirpstack`), as in Uplink.source and items' dataSource.type. */
  source: string;
  /** The id of the `index`-th generated device (the simulator adds them after the demo devices). */
  generatedDeviceId(index: number): string;
  /** The topic the device's uplinks are published to (without a deployment's topic prefix). */
  topic(device: SimulatorDevice): string;
  /** The message: `values` are the decoded fields, `counter` the frame counter, `at` the time of reception. */
  payload(device: SimulatorDevice, values: Record<string, number>, at: Date, counter: number): string;
}

export const simulatorEncodings = createExtensionPoint<SimulatorEncoding>('core.simulator-encodings/v1');
