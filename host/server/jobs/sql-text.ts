import { sql, type SQL } from 'drizzle-orm';

/** A `$1 … $n` statement (as pg-boss writes them) as Drizzle SQL, so it runs on a caller's Drizzle transaction. */
export function sqlFromText(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    // Drizzle drops an undefined value from the statement, where pg-boss means SQL NULL.
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}
