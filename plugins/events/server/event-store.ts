import { sql } from 'drizzle-orm';
import type { PipelineEventStore } from '@sensorium/device-pipeline/common';
import { EventWriter } from './event-writer';

/** The device pipeline's events: open ones loaded with their item, changes written in the ingest transaction. */
export const nodeEventStore: PipelineEventStore = {
  openEventsColumn: (itemUuid) =>
    sql`(SELECT json_agg(json_build_array(e.field, e.range_index, e.severity, e.resume_status)) FROM node_events e
      WHERE e.item_uuid = ${itemUuid} AND NOT e.is_cleared)`,
  batch: () => new EventWriter(),
};
