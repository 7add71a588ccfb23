import type { ClientPlugin } from '../../core/client';
import account from '../../plugins/account/client';
import applications from '../../plugins/applications/client';
import audit from '../../plugins/audit/client';

/** The client parts of the installed plugins. `sensorium` adds new ones at the marker line. */
export const clientPlugins: ClientPlugin[] = [
  account,
  applications,
  audit,
  // sensorium:plugins
];
