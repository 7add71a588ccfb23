import type { ClientPlugin } from '@sensorium/core/client';
import account from '../../plugins/account/client';
import applications from '../../plugins/applications/client';
import audit from '../../plugins/audit/client';
import backups from '../../plugins/backups/client';
import mailbox from '../../plugins/mailbox/client';
import nodes from '../../plugins/nodes/client';
import notifications from '../../plugins/notifications/client';
import devicePipeline from '../../plugins/device-pipeline/client';
import events from '../../plugins/events/client';
import eventActions from '../../plugins/event-actions/client';
import eventSettings from '../../plugins/event-settings/client';
import chirpstack from '../../plugins/chirpstack/client';
import crawler from '../../plugins/crawler/client';
import httpSource from '../../plugins/http-source/client';
import lift from '../../plugins/lift/client';
import prtg from '../../plugins/prtg/client';
import publicAlert from '../../plugins/public-alert/client';
import rgtnbiot from '../../plugins/rgtnbiot/client';
import robot from '../../plugins/robot/client';
import sensorStatus from '../../plugins/sensor-status/client';
import trackcentral from '../../plugins/trackcentral/client';
import ttn from '../../plugins/ttn/client';
import themes from '../../plugins/themes/client';
import users from '../../plugins/users/client';
import timerMissionsClient from '../../plugins/timer-missions/client';
import gatewaysClient from '../../plugins/gateways/client';
import deviceProfilesClient from '../../plugins/device-profiles/client';
import rawDataClient from '../../plugins/raw-data/client';
import dashboardsClient from '../../plugins/dashboards/client';
import projectWizardClient from '../../plugins/project-wizard/client';
import adaptersClient from '../../plugins/adapters/client';
import costManagementClient from '../../plugins/cost-management/client';

/** The client parts of the installed plugins. `sensorium` adds new ones at the marker line. */
export const clientPlugins: ClientPlugin[] = [
  account,
  applications,
  audit,
  backups,
  nodes,
  notifications,
  devicePipeline,
  events,
  eventActions,
  themes,
  users,
  mailbox,
  chirpstack,
  crawler,
  httpSource,
  lift,
  prtg,
  publicAlert,
  rgtnbiot,
  robot,
  trackcentral,
  ttn,
  sensorStatus,
  eventSettings,
  timerMissionsClient,
  gatewaysClient,
  deviceProfilesClient,
  rawDataClient,
  dashboardsClient,
  projectWizardClient,
  adaptersClient,
  costManagementClient,
  // sensorium:plugins
];
