import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel cells hold at most 32,767 characters. */
export const EXCEL_CELL_MAX = 32_000;

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

/**
 * Whether a stream wants its writer to wait for 'drain'. Streams of the readable-stream package (version 2, which
 * exceljs's zip uses) keep it in their state only.
 */
function needsDrain(stream: Writable): boolean {
  return (
    stream.writableNeedDrain ??
    (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
    false
  );
}

/** Waits until a stream has room again (its buffered bytes drained below its high-water mark), or it closed. */
function roomIn(stream: Writable): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Where exceljs hands a streamed sheet's XML to the zip: the sheet's stream writes it into its first pipe (archiver's
 * input to its compressor) without waiting, so that pipe's buffer holds the rows serialized but not yet compressed.
 */
function compressorOf(sheet: ExcelJS.Worksheet): Writable | undefined {
  return (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
}

/**
 * Writes the rows as one sheet with a header line into `out`, batch by batch as they are read, with exceljs's streaming
 * WorkbookWriter: each row is committed (serialized and zipped) as soon as it is written, and the next batch is read
 * only once the compressor has taken the rows before and `out` has room, so memory stays flat whatever the number of
 * rows (exceljs itself does not wait for the compressor: rows read faster than they compress piled up, 83 MB of XML at
 * 100,000 raw data rows). Resolves when the file is complete; `onRows` is told the running row count after each batch.
 */
export async function writeWorkbook<Row>(
  out: Writable,
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  onRows?: (count: number) => void,
): Promise<number> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ width: column.width }));
  sheet.addRow(columns.map((column) => column.header)).commit();
  let count = 0;
  for await (const rows of batches) {
    for (const row of rows) sheet.addRow(columns.map((column) => column.cell(row))).commit();
    count += rows.length;
    onRows?.(count);
    const compressor = compressorOf(sheet);
    if (compressor) await roomIn(compressor);
    await roomIn(out);
  }
  sheet.commit();
  await book.commit();
  return count;
}

/** The rows as one sheet with a header line, appended batch by batch as they are read, as one file in memory. */
export async function exportWorkbook<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await writeWorkbook(out, sheetName, columns, batches);
  return Buffer.concat(chunks);
}

/** Answers a workbook as a download named `fileName`. */
export function sendWorkbook(reply: FastifyReply, fileName: string, file: Buffer): FastifyReply {
  return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(file);
}

/**
 * Streams a workbook to the response as it is written (see writeWorkbook): the download starts at once and the server
 * never holds the whole file. Check the input before calling: once streaming, a failure can only cut the download
 * short. `headers` are added to the answer (e.g. the row count, for the browser's progress).
 */
export function streamWorkbook<Row>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  headers: Record<string, string> = {},
): FastifyReply {
  const out = new PassThrough();
  // The writer ends `out` itself once the file is complete; a failure cuts the download short.
  writeWorkbook(out, sheetName, columns, batches).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return reply
    .type(XLSX_CONTENT_TYPE)
    .headers({ ...headers, 'content-disposition': `attachment; filename="${fileName}"` })
    .send(out);
}

/** The first sheet of a workbook as rows of cell values (empty cells as ''): for reading back our own exports. */
export async function readWorkbookRows(file: Buffer | ArrayBuffer): Promise<(string | number)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file instanceof ArrayBuffer ? file : new Uint8Array(file).buffer);
  const sheet = book.worksheets[0];
  const rows: (string | number)[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const values: (string | number)[] = [];
    for (let index = 1; index <= row.cellCount; index++) {
      const value = row.getCell(index).value;
      values.push(typeof value === 'number' ? value : value === null || value === undefined ? '' : String(value));
    }
    rows.push(values);
  });
  return rows;
}
