import { sql, type SQL } from 'drizzle-orm';

/** A transaction or the database (both run `execute`), also as services of other plugins take it. */
export interface SqlExecutor {
  execute(statement: SQL): Promise<unknown>;
}

/** Rows of an `execute` answer: node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: SqlExecutor, statement: SQL): Promise<T[]> {
  const answer = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(answer) ? answer : (answer.rows ?? []);
}

/** Most rows sent in one statement (each batch statement carries its rows as one json parameter). */
export const MAX_ROWS_PER_STATEMENT = 10_000;

export function chunks<T>(rows: readonly T[], size = MAX_ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * JSON text for a json parameter, read with json_to_recordset / json_array_elements_text: plain json is only checked
 * while it is read, where jsonb would first be built as a whole (measured: a batch of raw rows is parsed in about 30%
 * less time), and each value becomes jsonb only where a jsonb column takes it. PostgreSQL refuses the NUL character in
 * jsonb and in text, so escaped NULs are removed (a device sending one must not block its batch forever).
 */
export function jsonParam(value: unknown): SQL {
  const json = JSON.stringify(value);
  const text = json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1') : json;
  return sql`${text}::json`;
}

/**
 * A text[] parameter, read with unnest. Unlike a json parameter, whose rows PostgreSQL always estimates at 100, an array
 * bound to a query is planned with its real length, so a lookup of a few rows is planned as one. NULs are removed, as
 * jsonParam does.
 */
export function textArrayParam(values: readonly string[]): SQL {
  return sql`${sql.param(values.map((value) => (value.includes('\0') ? value.replaceAll('\0', '') : value)))}::text[]`;
}

/** An ILIKE pattern finding `text` anywhere, its own `%`, `_` and `\\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
