import { sql } from 'drizzle-orm';
import type { EventBatch, PipelineEventStore } from '../../common/event-store';

const noChanges: EventBatch = { add() {}, size: 0, apps: new Set(), write: async () => {} };

/** Without an event store installed ranges still colour fields, but raise no events. */
export const NO_EVENT_STORE: PipelineEventStore = {
  openEventsColumn: () => sql`NULL`,
  batch: () => noChanges,
};
