import type { SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@sensorium/core/server';

/** Rows deleted per statement: each batch is its own short transaction, so the ingest never waits long behind one. */
export const DELETE_BATCH = 5000;

/** When a retention run stops: at shutdown, or once its time is up (the next run goes on where it left off). */
export interface Budget {
  signal: AbortSignal;
  deadline: number;
}

export const spent = (budget: Budget): boolean => budget.signal.aborted || Date.now() >= budget.deadline;

/**
 * Runs a delete of at most `limit` rows (answering `n`, the rows it deleted) again and again until a batch comes back
 * short or the budget is spent. Answers the rows deleted.
 */
export async function deleteInBatches(db: Database, batch: (limit: number) => SQL, budget: Budget): Promise<number> {
  let total = 0;
  while (!spent(budget)) {
    const [row] = await queryRows<{ n: number | string }>(db, batch(DELETE_BATCH));
    const deleted = Number(row?.n ?? 0);
    total += deleted;
    if (deleted < DELETE_BATCH) break;
  }
  return total;
}
