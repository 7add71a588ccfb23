import type { ServerPlugin } from '../../core/server';
import applications from '../../plugins/applications/server';
import audit from '../../plugins/audit/server';
import backups from '../../plugins/backups/server';
import themes from '../../plugins/themes/server';

/** The server parts of the installed plugins. `sensorium new plugin` adds imports above and entries at the marker. */
export const serverPlugins: ServerPlugin[] = [
  applications,
  audit,
  backups,
  themes,
  // sensorium:plugins
];
