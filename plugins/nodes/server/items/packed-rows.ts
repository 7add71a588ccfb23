import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { nodeItems } from '../schema';

/** A column's value as JSON gives it back: dates would come back as text, so they are left out. */
type PackedValue<C> =
  C extends SQL<infer V>
    ? V
    : C extends Column
      ? C['_']['data'] extends Date
        ? never
        : C['_']['notNull'] extends true
          ? C['_']['data']
          : C['_']['data'] | null
      : never;

export type PackedRow<C> = { [K in keyof C]: PackedValue<C[K]> };

/**
 * Node items' rows read as one JSON text that the database builds (an array per row, the columns in order), parsed
 * here. Whole trees are read this way: 10,000 rows of ten columns read value by value cost several times more,
 * PGlite most of all (its answers are decoded value by value in the same thread).
 */
export async function selectPacked<C extends Record<string, Column | SQL>>(
  db: Database,
  columns: C,
  where: SQL | undefined,
): Promise<PackedRow<C>[]> {
  const keys = Object.keys(columns) as (keyof C & string)[];
  const values = sql.join(
    keys.map((key) => sql`${columns[key]}`),
    sql`, `,
  );
  const [result] = await db
    .select({ rows: sql<string>`coalesce(json_agg(json_build_array(${values})), '[]')::text` })
    .from(nodeItems)
    .where(where);
  return (JSON.parse(result?.rows ?? '[]') as unknown[][]).map(
    (packed) => Object.fromEntries(keys.map((key, index) => [key, packed[index]])) as PackedRow<C>,
  );
}
