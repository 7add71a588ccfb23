import type { Language, SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import type { ApplicationCreator } from '@sensorium/applications/common';
import type { DashboardCatalog } from '@sensorium/dashboards/common';
import type { TreeWriter } from '@sensorium/nodes/common';
import type { NewProjectInput } from '../common';
import { projectDashboard, projectPlan, type ProjectPlan } from './project-plan';
import { projectDevices, projects } from './schema';
import type { TemplateCatalog } from './template-catalog';

export interface ProjectCreationDeps {
  db: Database;
  applications: ApplicationCreator;
  tree: TreeWriter;
  dashboards: DashboardCatalog;
  catalog: TemplateCatalog;
}

/** The longest application id the wizard derives from a project name (applications allow 64; room for a suffix). */
const SLUG_LENGTH = 50;

/** An application id from the project name: lower-case letters, digits and underscores ("project" when none is left). */
export function applicationIdOf(projectName: string): string {
  const slug = projectName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/_+$/, '');
  return slug || 'project';
}

const isIdTaken = (error: unknown) => error instanceof HttpError && error.statusCode === 409 && error.field === 'id';

/**
 * POST /project: the application, its tree (a template's sites, devices, field settings and ranges; just the root for
 * a sketch), its main dashboard and the wizard's own record, in one transaction: a refusal at any step (an end customer
 * the caller may not see, an invalid dashboard) leaves nothing of the project behind.
 */
export class ProjectCreation {
  constructor(private readonly deps: ProjectCreationDeps) {}

  async create(user: SessionUser, input: NewProjectInput, language: Language): Promise<{ appId: string }> {
    const { catalog, db } = this.deps;
    const template = input.startInfo === 'use-template' ? catalog.template(input.templateId ?? '') : null;
    if (input.startInfo === 'use-template' && !template) {
      throw HttpError.badRequest('project-wizard.validation.unknownTemplate', 'templateId');
    }
    const plan: ProjectPlan = template ? projectPlan(template, input) : { items: [], devices: [] };
    const appId = await db.transaction(async (tx) => {
      const { id } = await this.createApplication(tx, user, input, template?.description[language] ?? '');
      const uuids = await this.deps.tree.write(id, plan.items, tx);
      await this.deps.dashboards.create(id, projectDashboard(input.projectName, template, uuids), tx);
      await tx.insert(projects).values({
        appId: id,
        startInfo: input.startInfo,
        templateId: template?.id ?? null,
        locationType: input.locationType,
        buildingName: input.locationType === 'single' ? (input.buildingName ?? '') : '',
        address: input.locationType === 'single' ? (input.address ?? '') : '',
        createdBy: user.id,
      });
      if (plan.devices.length > 0)
        await tx.insert(projectDevices).values(plan.devices.map((device) => ({ ...device, appId: id })));
      return id;
    });
    return { appId };
  }

  /** The application under the first free id derived from the project name (`_2`, `_3`… after a taken one). */
  private async createApplication(
    tx: Database,
    user: SessionUser,
    input: NewProjectInput,
    description: string,
  ): Promise<{ id: string }> {
    const base = applicationIdOf(input.projectName);
    for (let attempt = 1; ; attempt++) {
      const id = attempt === 1 ? base : `${base}_${attempt}`;
      try {
        return await this.deps.applications.create(
          user,
          { id, name: input.projectName, description: description.slice(0, 500), endCustomerId: input.endCustomerId },
          tx,
        );
      } catch (error) {
        if (!isIdTaken(error) || attempt >= 100) throw error;
      }
    }
  }
}
