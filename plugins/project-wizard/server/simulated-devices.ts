import type { Database, SimulatedDeviceProvider } from '@sensorium/core/server';
import { projectDevices } from './schema';

/** The devices of every project made from a template, for the demo simulation (which runs on the embedded broker only). */
export function projectSimulatedDevices(db: Database): SimulatedDeviceProvider {
  return {
    id: 'project-wizard.projects',
    async devices() {
      const rows = await db.select().from(projectDevices);
      return rows.map((row) => ({ source: row.source, deviceId: row.deviceId, kind: row.kind, fields: row.generators }));
    },
  };
}
