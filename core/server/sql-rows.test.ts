import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, textArrayParam } from './sql-rows';

describe('textArrayParam', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  afterAll(() => client.close());

  const unnested = async (values: string[]) =>
    (await queryRows<{ v: string }>(db, sql`SELECT unnest(${textArrayParam(values)}) AS v`)).map((row) => row.v);

  it('sends each value as one element, whatever characters it holds', async () => {
    const values = ['plain', 'a,b', '{braces}', 'say "hi"', 'back\\slash', 'NULL', '', ' spaced ', '設備-01'];
    expect(await unnested(values)).toEqual(values);
  });

  it('removes NUL characters, which PostgreSQL refuses in text', async () => {
    expect(await unnested(['dev\u0000ice'])).toEqual(['device']);
  });

  it('is one parameter however many values it has, an empty list included', async () => {
    expect(await unnested([])).toEqual([]);
    const many = Array.from({ length: 5000 }, (_, index) => `device-${index}`);
    expect(await unnested(many)).toEqual(many);
  });
});
