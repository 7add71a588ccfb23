import type { ServerPlugin } from '@sensorium/core/server';
import account from '../../plugins/account/server';
import applications from '../../plugins/applications/server';
import audit from '../../plugins/audit/server';
import backups from '../../plugins/backups/server';
import chirpstack from '../../plugins/chirpstack/server';
import crawler from '../../plugins/crawler/server';
import devicePipeline from '../../plugins/device-pipeline/server';
import eventActions from '../../plugins/event-actions/server';
import events from '../../plugins/events/server';
import eventSettings from '../../plugins/event-settings/server';
import httpSource from '../../plugins/http-source/server';
import lift from '../../plugins/lift/server';
import mailbox from '../../plugins/mailbox/server';
import nodes from '../../plugins/nodes/server';
import notifications from '../../plugins/notifications/server';
import prtg from '../../plugins/prtg/server';
import publicAlert from '../../plugins/public-alert/server';
import rgtnbiot from '../../plugins/rgtnbiot/server';
import robot from '../../plugins/robot/server';
import sensorStatus from '../../plugins/sensor-status/server';
import themes from '../../plugins/themes/server';
import trackcentral from '../../plugins/trackcentral/server';
import ttn from '../../plugins/ttn/server';
import users from '../../plugins/users/server';
import timerMissionsServer from '../../plugins/timer-missions/server';
import gatewaysServer from '../../plugins/gateways/server';
import deviceProfilesServer from '../../plugins/device-profiles/server';
import rawDataServer from '../../plugins/raw-data/server';
import dashboardsServer from '../../plugins/dashboards/server';
import projectWizardServer from '../../plugins/project-wizard/server';
import adaptersServer from '../../plugins/adapters/server';
import costManagementServer from '../../plugins/cost-management/server';

/** The server parts of the installed plugins. `sensorium new plugin` adds imports above and entries at the marker. */
export const serverPlugins: ServerPlugin[] = [
  applications,
  audit,
  backups,
  themes,
  users,
  nodes,
  devicePipeline,
  events,
  publicAlert,
  notifications,
  eventActions,
  chirpstack,
  ttn,
  httpSource,
  crawler,
  prtg,
  robot,
  lift,
  rgtnbiot,
  trackcentral,
  account,
  mailbox,
  sensorStatus,
  eventSettings,
  timerMissionsServer,
  gatewaysServer,
  deviceProfilesServer,
  rawDataServer,
  dashboardsServer,
  projectWizardServer,
  adaptersServer,
  costManagementServer,
  // sensorium:plugins
];
