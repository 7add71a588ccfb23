import type { SQL } from 'drizzle-orm';
import { createExtensionPoint } from '@sensorium/core/common';
import type { SqlExecutor } from '@sensorium/nodes/common';
import type { EventChange } from './processing';

/** The item an event change belongs to. */
export interface EventItem {
  uuid: string;
  appId: string;
  itemName: string;
}

/** The event changes of one ingest batch, collected in order and written inside the batch's transaction. */
export interface EventBatch {
  add(item: EventItem, change: EventChange): void;
  /** Changes to write (none: the batch skips the write). */
  readonly size: number;
  /** Applications whose events changed, told to the alarm bell once the batch committed. */
  readonly apps: ReadonlySet<string>;
  write(tx: SqlExecutor): Promise<void>;
}

/**
 * Where the pipeline keeps the events its ranges raise (the events plugin's table). The hot path loads an item's open
 * events together with the item, so the store answers a column over its table rather than a second query: a JSON array
 * of `[field, range index, severity, resume status]` per open event, or NULL when there are none.
 * At most one contribution; without one, ranges raise no events.
 */
export interface PipelineEventStore {
  openEventsColumn(itemUuid: SQL): SQL;
  batch(): EventBatch;
}
export const pipelineEventStores = createExtensionPoint<PipelineEventStore>('device-pipeline.event-store/v1');
