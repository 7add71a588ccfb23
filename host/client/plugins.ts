import type { ClientPlugin } from '../../core/client';
import account from '../../plugins/account/client';
import applications from '../../plugins/applications/client';
import audit from '../../plugins/audit/client';
import backups from '../../plugins/backups/client';
import themes from '../../plugins/themes/client';

/** The client parts of the installed plugins. `sensorium` adds new ones at the marker line. */
export const clientPlugins: ClientPlugin[] = [
  account,
  applications,
  audit,
  backups,
  themes,
  // sensorium:plugins
];
