import { Writable } from 'node:stream';
import { writeWorkbook, type Database } from '@sensorium/core/server';
import { rawDataPages } from '../../plugins/device-pipeline/server/queries/data-queries';
import { EXPORT_PAGE_SIZE, exportColumns } from '../../plugins/raw-data/server/routes';
import { sampleRss } from '../support/rss-sampler';

export interface ExportFigures {
  /** The rows asked for, and those written (fewer when the period holds fewer). */
  asked: number;
  rows: number;
  /** A full collection every 250 ms during the export (what the export holds, without V8's uncollected garbage). */
  collected: boolean;
  before: number;
  peak: number;
  seconds: number;
  bytes: number;
}

/**
 * The raw data Excel export as POST /raw-data-history/search/excel runs it (the keyset pages of the search, 1,000 rows
 * at a time, through exceljs's streaming writer; the route counts first, which takes no memory) of one application's
 * newest `rows` rows before `end`, into a sink that reads as fast as the file comes; this process's RSS sampled every
 * 10 ms.
 */
export async function measureExport(
  db: Database,
  appId: string,
  rows: number,
  rowsPerDay: number,
  end: Date,
  collect: boolean,
): Promise<ExportFigures> {
  const rss = sampleRss(collect);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  const started = performance.now();
  // A period holding a few more than `rows` of the application's rows (its devices send `rowsPerDay` a day).
  const from = new Date(end.getTime() - Math.ceil((rows * 1.1 * 86_400_000) / rowsPerDay));
  const search = { appId, viewMode: 'history' as const, startTime: from.toISOString(), endTime: end.toISOString() };
  async function* upTo(limit: number) {
    let left = limit;
    for await (const page of rawDataPages(db, search, null, EXPORT_PAGE_SIZE)) {
      yield page.slice(0, left);
      left -= page.length;
      if (left <= 0) return;
    }
  }
  const written = await writeWorkbook(
    sink,
    'Data History',
    exportColumns((key) => key, 0),
    upTo(rows),
  );
  const seconds = (performance.now() - started) / 1000;
  const { before, peak } = rss.stop();
  return { asked: rows, rows: written, collected: collect, before, peak, seconds, bytes };
}
