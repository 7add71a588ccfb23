import { exportWorkbook, formatExportTime, type ExportColumn } from '@sensorium/core/server';
import type { EventRecord } from '../../common/event-record';

type Translate = (key: string) => string;

/** The export's columns in the caller's language (`events.excel.*`) and time zone, in order. */
function eventColumns(t: Translate, utcOffsetMinutes: number): ExportColumn<EventRecord>[] {
  const at = (iso: string | null) => formatExportTime(iso, utcOffsetMinutes);
  const column = (key: string, width: number, cell: (event: EventRecord) => string | number) => ({
    header: t(`events.excel.${key}`),
    width,
    cell,
  });
  return [
    column('generated', 20, (event) => at(event.generatedDateTime)),
    column('severity', 9, (event) => event.severity),
    column('status', 14, (event) => t(`events.status.${event.eventStatus}`)),
    column('device', 28, (event) => event.node.itemDisplayName || event.itemName),
    column('eventType', 20, (event) => event.eventType),
    column('description', 48, (event) => event.description),
    column('location', 24, (event) => event.location),
    column('value', 12, (event) => event.value ?? ''),
    column('unit', 8, (event) => event.unit ?? ''),
    column('rangeStatus', 16, (event) => event.rangeStatus ?? ''),
    column('resumeStatus', 16, (event) => event.resumeStatus ?? ''),
    column('acknowledgedBy', 18, (event) => event.acknowledgedBy ?? ''),
    column('acknowledgedDateTime', 20, (event) => at(event.acknowledgedDateTime)),
    column('clearedBy', 18, (event) => event.clearedBy ?? ''),
    column('clearedDateTime', 20, (event) => at(event.clearedDateTime)),
    column('additionalInfo', 24, (event) => event.additionalInfo),
    column('equipmentName', 20, (event) => event.equipmentName),
  ];
}

/** The events as one sheet in the caller's language and time zone, appended batch by batch as they are read. */
export function eventWorkbook(batches: AsyncIterable<EventRecord[]>, t: Translate, utcOffsetMinutes = 0): Promise<Buffer> {
  return exportWorkbook('Events', eventColumns(t, utcOffsetMinutes), batches);
}
