import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exportWorkbook, formatExportTime, readWorkbookRows, writeWorkbook, type ExportColumn } from './excel-export';

interface Tank {
  name: string;
  level: number;
}
const columns: ExportColumn<Tank>[] = [
  { header: 'Name', width: 20, cell: (row) => row.name },
  { header: 'Level', width: 8, cell: (row) => row.level },
];

describe('Excel export', () => {
  it('writes the header line and every batch of rows, in order', async () => {
    async function* batches(): AsyncGenerator<Tank[]> {
      yield [{ name: 'Tank A', level: 3 }];
      yield [{ name: 'Tank B', level: 4 }];
    }
    const file = await exportWorkbook('Tanks', columns, batches());
    expect(await readWorkbookRows(file)).toEqual([
      ['Name', 'Level'],
      ['Tank A', 3],
      ['Tank B', 4],
    ]);
  });

  it('streams a large sheet to a slow reader without holding it, and the file is complete', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const chunks: Buffer[] = [];
    let largestBuffered = 0;
    // A reader slower than the writer: it takes a chunk every few milliseconds.
    const reading = (async () => {
      for await (const chunk of out) {
        chunks.push(chunk as Buffer);
        largestBuffered = Math.max(largestBuffered, out.readableLength + out.writableLength);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    function* batches(): Generator<Tank[]> {
      for (let page = 0; page < 20; page++) {
        yield Array.from({ length: 500 }, (_, index) => ({ name: `Tank ${page * 500 + index} ${'x'.repeat(40)}`, level: index }));
      }
    }
    const counts: number[] = [];
    expect(await writeWorkbook(out, 'Tanks', columns, batches(), (count) => counts.push(count))).toBe(10_000);
    await reading;
    expect(counts.at(-1)).toBe(10_000);
    // The file is far larger than what waited in the stream at any time.
    const file = Buffer.concat(chunks);
    expect(largestBuffered).toBeLessThan(file.length / 4);
    const rows = await readWorkbookRows(file);
    expect(rows).toHaveLength(10_001);
    expect(rows[10_000]).toEqual([`Tank 9999 ${'x'.repeat(40)}`, 499]);
  });

  it('shows times in the caller’s time zone, and nothing for no time', () => {
    expect(formatExportTime('2026-11-25T16:05:09Z', 480)).toBe('26/11/2026 00:05:09');
    expect(formatExportTime(null)).toBe('');
  });
});
