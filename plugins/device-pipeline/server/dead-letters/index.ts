import {
  defineRoute,
  OffsetPageQuery,
  pagedRowsSchema,
  type Database,
  type Logger,
  type Metrics,
  type ServerPluginContext,
} from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import { DEAD_LETTER_REASONS, type DeadLetterPage } from '../../common/dead-letters';
import { DeadLetters } from './dead-letters';

export { DeadLetters, DEAD_LETTERS_KEPT, type DeadLetter } from './dead-letters';

export const DEAD_LETTER_RETENTION_JOB_ID = 'device-pipeline.dead-letter-retention';

const nullableText = { type: 'string', nullable: true };
const deadLetterPageSchema = pagedRowsSchema({
  id: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  source: { type: 'string' },
  origin: { type: 'string' },
  reason: { type: 'string', enum: DEAD_LETTER_REASONS },
  detail: { type: 'string' },
  payload: { type: 'string' },
  payloadBytes: { type: 'integer' },
  appId: nullableText,
  organisationId: nullableText,
});

export interface DeadLetterDeps {
  db: Database;
  access: Pick<ApplicationAccess, 'ownerOf'>;
  metrics: Metrics;
  log: Logger;
}

/**
 * The dead letters: the store the ingest writes to, GET /api/dead-letters for the operator (cloud users: the letters of
 * every tenant, newest first) and a job keeping the newest DEAD_LETTERS_KEPT.
 */
export function registerDeadLetters(context: ServerPluginContext, deps: DeadLetterDeps): DeadLetters {
  const counter = deps.metrics.counter(
    'sensorium_dead_letters_total',
    'Uplinks and device messages that could not be stored (acknowledged and kept as dead letters), by source and reason',
    ['source', 'reason'],
  );
  const deadLetters = new DeadLetters(deps.db, deps.access, counter, deps.log);
  context.addRoute(
    defineRoute({
      method: 'GET',
      url: '/dead-letters',
      summary: 'Device messages that could not be stored, newest first, with the reason (cloud users only)',
      levels: ['cloud'],
      query: OffsetPageQuery,
      response: deadLetterPageSchema,
      handler: ({ query }): Promise<DeadLetterPage> => deadLetters.page(query.offset, query.limit),
    }),
  );
  context.addJob({
    id: DEAD_LETTER_RETENTION_JOB_ID,
    intervalMs: 10 * 60_000,
    run: () => deadLetters.prune().then(() => undefined),
  });
  return deadLetters;
}
