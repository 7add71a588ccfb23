import { applicationDataParticipants, DatabaseToken, defineServerPlugin, simulatedDeviceProviders } from '@sensorium/core/server';
import { ApplicationCreatorToken } from '@sensorium/applications/common';
import { DashboardCatalogToken } from '@sensorium/dashboards/common';
import { TreeWriterToken } from '@sensorium/nodes/common';
import { projectWizardI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { projectsDataParticipant } from './application-data';
import { migrations } from './migrations';
import { ProjectCreation } from './project-creation';
import { projectRoutes } from './routes';
import { projectSimulatedDevices } from './simulated-devices';
import { loadTemplates, TemplateCatalog } from './template-catalog';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: projectWizardI18n,
  deps: { db: DatabaseToken, applications: ApplicationCreatorToken, tree: TreeWriterToken, dashboards: DashboardCatalogToken },
  register(context, { db, applications, tree, dashboards }) {
    // Every template file is checked here: a broken one stops the start, naming the file and its problems.
    const catalog = new TemplateCatalog(loadTemplates());
    const creation = new ProjectCreation({ db, applications, tree, dashboards, catalog });
    for (const route of projectRoutes(catalog, creation)) context.addRoute(route);
    context.contribute(simulatedDeviceProviders, projectSimulatedDevices(db));
    // A project's record and simulated devices are backed up, restored and deleted with its application.
    context.contribute(applicationDataParticipants, projectsDataParticipant(db));
  },
});
