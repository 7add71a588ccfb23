import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { exportWorkbook, formatExportTime, type ExportColumn } from './excel-export';

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
    const book = XLSX.read(file);
    expect(book.SheetNames).toEqual(['Tanks']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.Tanks!, { header: 1 })).toEqual([
      ['Name', 'Level'],
      ['Tank A', 3],
      ['Tank B', 4],
    ]);
  });

  it('shows times in the caller’s time zone, and nothing for no time', () => {
    expect(formatExportTime('2026-11-25T16:05:09Z', 480)).toBe('26/11/2026 00:05:09');
    expect(formatExportTime(null)).toBe('');
  });
});
