import { createExtensionPoint } from '@sensorium/core/common';
import type { SqlExecutor } from '@sensorium/nodes/common';
import type { EventItem } from './event-store';

/** A stored uplink of an enabled item, before its fields enter the field processing. */
export interface AdaptableUplink {
  item: EventItem;
  /** The data source type (chirpstack, ttn…). */
  source: string;
  deviceId: string;
  /** The uplink's time. */
  at: Date;
  /** The fields the data source decoded (ChirpStack's `object`, TTS's `decoded_payload`…). */
  fields: Readonly<Record<string, unknown>>;
  /** The message as received (what the raw row keeps). */
  raw: unknown;
}

/**
 * What becomes of one uplink: its fields as they came (`unchanged`, no script), the fields a script decoded
 * (`decoded`), or none (`failed`: the raw row stays, the item's values are left as they were).
 */
export type AdaptedPayload = { kind: 'unchanged' } | { kind: 'decoded'; fields: Record<string, unknown> } | { kind: 'failed' };

export interface AdaptedBatch {
  /** One per uplink given, in order. */
  results: AdaptedPayload[];
  /** Runs once the batch's transaction committed (recording script errors, the scripts' e-mails and events). */
  committed?: () => Promise<void>;
}

/**
 * Device adapter scripts (the adapters plugin): called once per ingest batch, inside its transaction, with the batch's
 * stored uplinks of enabled items in order, before the field processing. At most one contribution; without one the
 * fields go to the processing as the data source decoded them.
 */
export interface PayloadAdapter {
  adapt(tx: SqlExecutor, uplinks: readonly AdaptableUplink[]): Promise<AdaptedBatch>;
}
export const payloadAdapters = createExtensionPoint<PayloadAdapter>('device-pipeline.payload-adapters/v1');
