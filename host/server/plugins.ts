import type { ServerPlugin } from '../../core/server';
import applications from '../../plugins/applications/server';
import audit from '../../plugins/audit/server';

/** The server parts of the installed plugins. `sensorium new plugin` adds imports above and entries at the marker. */
export const serverPlugins: ServerPlugin[] = [
  applications,
  audit,
  // sensorium:plugins
];
