import type { FastifyReply } from 'fastify';
import * as XLSX from 'xlsx';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of an export: its header (already in the caller's language), its width in characters and its cell. */
export interface ExportColumn<Row> {
  header: string;
  width: number;
  cell(row: Row): string | number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** dd/MM/yyyy HH:mm:ss (the console's list format) at a fixed offset from UTC in minutes; empty for no date. */
export function formatExportTime(iso: string | null, utcOffsetMinutes = 0): string {
  if (iso === null) return '';
  const date = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  return (
    `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** The rows as one sheet with a header line, appended batch by batch as they are read. */
export async function exportWorkbook<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
): Promise<Buffer> {
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((column) => column.header)]);
  for await (const rows of batches) {
    XLSX.utils.sheet_add_aoa(
      sheet,
      rows.map((row) => columns.map((column) => column.cell(row))),
      { origin: -1 },
    );
  }
  sheet['!cols'] = columns.map((column) => ({ wch: column.width }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Answers a workbook as a download named `fileName`. */
export function sendWorkbook(reply: FastifyReply, fileName: string, file: Buffer): FastifyReply {
  return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(file);
}
