import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { TemplateDetail, TemplateSummary } from '../common';
import { ProjectWizardStore } from './store';

const COLD: TemplateSummary = {
  id: 'cold-chain-storage',
  name: 'Cold-Chain Storage',
  description: 'Freezers',
  thumbnail: 'data:image/svg+xml;base64,PHN2Zy8+',
  tags: ['food'],
};
const PUMP: TemplateSummary = { ...COLD, id: 'pump-station', name: 'Pump Station', description: 'Pumps', tags: ['water'] };

/** The wizard's calls as the server answers them, over two templates. */
function server(options: { failList?: boolean; detail?: Partial<TemplateDetail> } = {}) {
  const created: unknown[] = [];
  const api = fakeApi({
    'GET customer/end-customer-list/': () => [
      { id: 'end_default', name: 'Default' },
      { id: 'end_harbour', name: 'Harbour' },
    ],
    'GET project/templates/tags': () => [
      { id: 'food', name: 'Food' },
      { id: 'water', name: 'Water' },
    ],
    'GET project/templates': ({ query }) => {
      if (options.failList) return apiError(500, 'Server broke');
      const tag = query.get('tag');
      return [COLD, PUMP].filter((template) => tag === null || template.tags.includes(tag));
    },
    'GET project/templates/:id': ({ params }) => ({
      ...[COLD, PUMP].find((template) => template.id === params.id)!,
      sites: [],
      widgetCount: 3,
      ...options.detail,
    }),
    'POST project': ({ body }) => {
      const input = body as { projectName: string };
      if (!input.projectName.trim())
        return apiError(400, 'Project name is required.', { projectName: 'Project name is required.' });
      created.push(body);
      return { success: true, message: 'Project created.', projectId: 'harbour_cold_store' };
    },
  });
  return { ...api, created };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('project wizard store', () => {
  it('walks a template project through every step: filter, pick, view, information, testing, finished', async () => {
    const { http, calls, created } = server();
    const wizard = ProjectWizardStore.create({}, { http });
    wizard.open('end_harbour', true);
    expect(wizard.step).toBe('start');
    expect(wizard.canGoBack).toBe(false);
    wizard.chooseStart('use-template');
    await settle();
    expect(wizard.step).toBe('select-template');
    expect(wizard.tag).toBeNull();
    expect(wizard.templates.map((template) => template.id)).toEqual(['cold-chain-storage', 'pump-station']);
    expect(wizard.tags.map((tag) => tag.id)).toEqual(['food', 'water']);

    await wizard.filterByTag('water');
    expect(calls).toContain('GET project/templates?tag=water');
    expect(wizard.templates.map((template) => template.id)).toEqual(['pump-station']);
    await wizard.filterByTag(null);
    expect(calls.at(-1)).toBe('GET project/templates');

    await wizard.continueFromList();
    expect(wizard.selectionMissing).toBe(true);
    expect(wizard.step).toBe('select-template');

    await wizard.pickTemplate(COLD);
    expect(wizard.step).toBe('view-template');
    expect(wizard.draft).toMatchObject({ templateId: COLD.id, templateName: COLD.name, templateThumbnail: COLD.thumbnail });
    expect(wizard.detailComplete).toBe(true);
    wizard.back();
    expect(wizard.step).toBe('select-template');
    await wizard.continueFromList();
    wizard.confirmTemplate();
    expect(wizard.step).toBe('project-information');

    wizard.setField('projectName', 'Harbour Cold Store');
    wizard.setField('buildingName', 'Harbour House');
    wizard.setField('address', '1 Harbour Road');
    expect(wizard.submitState).toBe('idle');
    await wizard.submit();
    expect(created).toEqual([
      {
        startInfo: 'use-template',
        templateId: COLD.id,
        projectName: 'Harbour Cold Store',
        locationType: 'single',
        buildingName: 'Harbour House',
        address: '1 Harbour Road',
        endCustomerId: 'end_harbour',
      },
    ]);
    expect(wizard.submitState).toBe('success');
    expect(wizard.step).toBe('testing');
    expect(wizard.draft.projectId).toBe('harbour_cold_store');

    // Back from testing and on again never creates the project twice.
    wizard.back();
    await wizard.submit();
    expect(created).toHaveLength(1);
    wizard.finishTesting();
    expect(wizard.step).toBe('finished');
    expect(wizard.canGoBack).toBe(false);
  });

  it('jumps from a sketch straight to the information, Back returns to the start, and skips testing in production', async () => {
    const { http, created } = server();
    const wizard = ProjectWizardStore.create({}, { http });
    wizard.open('end_default', false);
    wizard.chooseStart('create-new');
    expect(wizard.step).toBe('project-information');
    wizard.back();
    expect(wizard.step).toBe('start');
    wizard.chooseStart('create-new');
    wizard.setField('projectName', 'Blank');
    wizard.setField('locationType', 'multiple');
    wizard.setField('buildingName', 'ignored');
    await wizard.submit();
    expect(created).toEqual([
      { startInfo: 'create-new', projectName: 'Blank', locationType: 'multiple', endCustomerId: 'end_default' },
    ]);
    expect(wizard.step).toBe('finished');
  });

  it('keeps the server’s refusal and stays on the form', async () => {
    const { http } = server();
    const wizard = ProjectWizardStore.create({}, { http });
    wizard.open('end_default', true);
    wizard.chooseStart('create-new');
    wizard.setField('projectName', ' ');
    await wizard.submit();
    expect(wizard.submitState).toBe('error');
    expect(wizard.submitting.fieldError('projectName')).toBe('Project name is required.');
    expect(wizard.step).toBe('project-information');
  });

  it('shows a failed template list and a template missing its thumbnail as failures to retry', async () => {
    const failing = ProjectWizardStore.create({}, { http: server({ failList: true }).http });
    failing.open('end_default', true);
    failing.chooseStart('use-template');
    await settle();
    await settle();
    expect(failing.loadingTemplates.failure?.message).toBe('Server broke');

    const incomplete = ProjectWizardStore.create({}, { http: server({ detail: { thumbnail: '' } }).http });
    incomplete.open('end_default', true);
    await incomplete.pickTemplate(PUMP);
    expect(incomplete.detailComplete).toBe(false);
  });
});
