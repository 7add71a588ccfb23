import { sql } from 'drizzle-orm';
import {
  jsonParam,
  queryRows,
  type Database,
  type Logger,
  type MetricCounter,
  type RejectReason,
  type SqlExecutor,
} from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { DeadLetterPage } from '../../common/dead-letters';
import { storableText } from './payload-text';
import { WarnLimiter } from './warn-limiter';

/** What could not be stored, about to be kept (payload already cut by payload-text). */
export interface DeadLetter {
  source: string;
  origin: string;
  reason: RejectReason;
  detail: string;
  payload: { text: string; bytes: number };
  appId: string | null;
}

/** Dead letters kept at most; older ones go first (the retention job). */
export const DEAD_LETTERS_KEPT = 10_000;

/**
 * The dead letters (table dead_letters): uplinks and messages that can never be stored, kept for the operator with the
 * reason, counted in /metrics (sensorium_dead_letters_total by source and reason) and logged at warn level.
 */
export class DeadLetters {
  private readonly warn: WarnLimiter;

  constructor(
    private readonly db: Database,
    private readonly access: Pick<ApplicationAccess, 'ownerOf'>,
    private readonly counter: MetricCounter<'source' | 'reason'>,
    log: Logger,
  ) {
    this.warn = new WarnLimiter(log);
  }

  /** Inserts them in the caller's transaction (with the ingest's batch); call `reported` after its commit. */
  async write(executor: SqlExecutor, letters: readonly DeadLetter[]): Promise<void> {
    if (letters.length === 0) return;
    const organisations = new Map<string, string | null>();
    for (const appId of new Set(letters.map((letter) => letter.appId).filter((id): id is string => !!id))) {
      organisations.set(appId, (await this.access.ownerOf(appId, executor))?.organisationId ?? null);
    }
    const rows = letters.map((letter) => ({
      source: storableText(letter.source, 100),
      origin: storableText(letter.origin, 1000),
      reason: letter.reason,
      detail: storableText(letter.detail, 1000),
      payload: letter.payload.text,
      bytes: letter.payload.bytes,
      app: letter.appId,
      org: letter.appId ? (organisations.get(letter.appId) ?? null) : null,
    }));
    await executor.execute(
      sql`INSERT INTO dead_letters (source, origin, reason, detail, payload, payload_bytes, app_id, organisation_id)
          SELECT x.source, x.origin, x.reason, x.detail, x.payload, x.bytes, x.app, x.org
          FROM json_to_recordset(${jsonParam(rows)})
            AS x(source text, origin text, reason text, detail text, payload text, bytes integer, app text, org text)`,
    );
  }

  /** Counts and logs letters whose transaction committed. */
  reported(letters: readonly DeadLetter[]): void {
    for (const letter of letters) {
      this.counter.inc({ source: letter.source, reason: letter.reason });
      this.warn.warn(
        {
          source: letter.source,
          origin: letter.origin,
          reason: letter.reason,
          detail: letter.detail,
          bytes: letter.payload.bytes,
          appId: letter.appId,
        },
        'message not stored: kept as a dead letter',
      );
    }
  }

  /** Writes, then counts and logs: letters that travel without a batch. */
  async record(letters: readonly DeadLetter[]): Promise<void> {
    await this.write(this.db, letters);
    this.reported(letters);
  }

  /** Newest first. */
  async page(offset: number, limit: number): Promise<DeadLetterPage> {
    const rows = await queryRows<DeadLetterPage['rows'][number]>(
      this.db,
      sql`SELECT id::text AS id, created_at AS "createdAt", source, origin, reason, detail, payload,
                 payload_bytes AS "payloadBytes", app_id AS "appId", organisation_id AS "organisationId"
          FROM dead_letters ORDER BY id DESC OFFSET ${offset} LIMIT ${limit}`,
    );
    const [count] = await queryRows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total FROM dead_letters`);
    return {
      total: count?.total ?? 0,
      rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    };
  }

  /** Keeps the newest DEAD_LETTERS_KEPT; returns how many went. */
  async prune(): Promise<number> {
    const gone = await queryRows<{ id: string }>(
      this.db,
      sql`DELETE FROM dead_letters WHERE id <= (SELECT id FROM dead_letters ORDER BY id DESC OFFSET ${DEAD_LETTERS_KEPT} LIMIT 1)
          RETURNING id`,
    );
    return gone.length;
  }
}
