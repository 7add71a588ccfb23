import type { PlacedDevice } from '@sensorium/nodes/common';
import { matchesSensorFilters, sensorStatusRow, type SensorStatusPage, type SensorStatusQuery } from '../common';

/** One page of the devices that pass the filters, in tree order, with how many pass in all. */
export function sensorStatusPage(devices: readonly PlacedDevice[], query: SensorStatusQuery): SensorStatusPage {
  const rows = devices.map(sensorStatusRow).filter((row) => matchesSensorFilters(row, query));
  const start = (query.page - 1) * query.size;
  return { total: rows.length, rows: rows.slice(start, start + query.size) };
}
