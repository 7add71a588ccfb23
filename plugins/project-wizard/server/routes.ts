import { defineRoute, HttpError } from '@sensorium/core/server';
import { NewProjectInput, TemplateListQuery, TemplateParams, type ProjectCreated } from '../common';
import type { ProjectCreation } from './project-creation';
import { projectCreatedSchema, templateDetailSchema, templateListSchema, templateTagsSchema } from './response-schemas';
import type { TemplateCatalog } from './template-catalog';

/** Who may create projects: as POST /application/new/, operators and system integrators (a project is an application). */
const CREATOR_LEVELS = ['cloud', 'si-customer'] as const;

/** The calls of shell spec §7 Projects, under /api/project. */
export function projectRoutes(catalog: TemplateCatalog, creation: ProjectCreation) {
  return [
    defineRoute({
      method: 'GET',
      url: '/project/templates',
      summary: 'The project templates, in the caller’s language; with `tag`, those of that category',
      levels: CREATOR_LEVELS,
      query: TemplateListQuery,
      response: templateListSchema,
      handler: ({ query, language }) => catalog.list(language, query.tag),
    }),
    defineRoute({
      method: 'GET',
      url: '/project/templates/tags',
      summary: 'The categories the templates are filtered by',
      levels: CREATOR_LEVELS,
      response: templateTagsSchema,
      handler: ({ language, t }) => catalog.tags(language, t),
    }),
    defineRoute({
      method: 'GET',
      url: '/project/templates/:id',
      summary: 'One template with the sites and devices its project gets',
      levels: CREATOR_LEVELS,
      params: TemplateParams,
      response: templateDetailSchema,
      handler: ({ params, language }) => {
        const detail = catalog.detail(params.id, language);
        if (!detail) throw HttpError.notFound();
        return detail;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/project',
      summary:
        'Creates a project: an application for one of the caller’s end customers with a template’s tree, field settings, colour ranges and main dashboard (or an empty tree and dashboard), whole or not at all',
      levels: CREATOR_LEVELS,
      body: NewProjectInput,
      audit: {
        action: 'project-wizard.project.create',
        log: 'project-wizard.audit.create',
        target: (result, { body }) => ({
          id: (result as ProjectCreated).projectId,
          name: (body as NewProjectInput).projectName,
        }),
      },
      response: projectCreatedSchema,
      created: true,
      handler: async ({ user, body, language, t }): Promise<ProjectCreated> => {
        const { appId } = await creation.create(user, body, language);
        return { success: true, message: t('project-wizard.created', { name: body.projectName }), projectId: appId };
      },
    }),
  ];
}
