import type { ClientPlugin } from '@sensorium/core/client';
import account from '../../plugins/account/client';
import applications from '../../plugins/applications/client';
import audit from '../../plugins/audit/client';
import backups from '../../plugins/backups/client';
import mailbox from '../../plugins/mailbox/client';
import nodes from '../../plugins/nodes/client';
import devicePipeline from '../../plugins/device-pipeline/client';
import chirpstack from '../../plugins/chirpstack/client';
import crawler from '../../plugins/crawler/client';
import httpSource from '../../plugins/http-source/client';
import lift from '../../plugins/lift/client';
import prtg from '../../plugins/prtg/client';
import rgtnbiot from '../../plugins/rgtnbiot/client';
import robot from '../../plugins/robot/client';
import trackcentral from '../../plugins/trackcentral/client';
import ttn from '../../plugins/ttn/client';
import themes from '../../plugins/themes/client';
import users from '../../plugins/users/client';

/** The client parts of the installed plugins. `sensorium` adds new ones at the marker line. */
export const clientPlugins: ClientPlugin[] = [
  account,
  applications,
  audit,
  backups,
  nodes,
  devicePipeline,
  themes,
  users,
  mailbox,
  chirpstack,
  crawler,
  httpSource,
  lift,
  prtg,
  rgtnbiot,
  robot,
  trackcentral,
  ttn,
  // sensorium:plugins
];
