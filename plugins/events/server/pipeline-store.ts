import { sql } from 'drizzle-orm';
import type { PipelineEventStore } from '@sensorium/device-pipeline/common';
import type { EventTransitionHook } from '../common';
import { EventWriter } from './event-writer';

/**
 * The device pipeline's events: open ones loaded with their item, changes written in the ingest transaction together
 * with their history and the transition hooks (read per batch: the plugins contributing them register after this one).
 */
export function nodeEventStore(hooks: () => readonly EventTransitionHook[]): PipelineEventStore {
  return {
    openEventsColumn: (itemUuid) =>
      sql`(SELECT json_agg(json_build_array(e.field, e.range_index, e.severity, e.resume_status)) FROM node_events e
        WHERE e.item_uuid = ${itemUuid} AND NOT e.is_cleared)`,
    batch: () => new EventWriter(hooks()),
  };
}
