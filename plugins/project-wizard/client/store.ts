import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import {
  LOCATION_TYPES,
  START_INFOS,
  type NewProjectInput,
  type ProjectCreated,
  type StartInfo,
  type TemplateDetail,
  type TemplateSummary,
  type TemplateTag,
} from '../common';

/** The wizard's steps in order (shell spec §2.7); testing is left out of a production build. */
export const WIZARD_STEPS = ['start', 'select-template', 'view-template', 'project-information', 'testing', 'finished'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The end customer a project goes to when none was chosen (shell spec §3 Project draft). */
export const DEFAULT_PROJECT_CUSTOMER = 'end_default';

export const TemplateModel = types.model('ProjectTemplate', {
  id: types.string,
  name: types.string,
  description: types.string,
  thumbnail: types.string,
  tags: types.array(types.string),
});

const TemplateDeviceModel = types.model('ProjectTemplateDevice', {
  name: types.string,
  displayName: types.string,
  profile: types.string,
});

export const TemplateDetailModel = TemplateModel.named('ProjectTemplateDetail').props({
  sites: types.array(
    types.model('ProjectTemplateSite', {
      name: types.string,
      displayName: types.string,
      devices: types.array(TemplateDeviceModel),
    }),
  ),
  widgetCount: types.number,
});

export const TagModel = types.model('ProjectTemplateTag', { id: types.string, name: types.string });

const CustomerModel = types.model('ProjectCustomer', { id: types.string, name: types.string });

/** What the wizard has collected (shell spec §3 Project draft). */
export const ProjectDraftModel = types.model('ProjectDraft', {
  startInfo: types.maybeNull(types.enumeration<StartInfo>([...START_INFOS])),
  projectName: '',
  templateId: '',
  templateName: '',
  templateDescription: '',
  templateThumbnail: '',
  locationType: types.optional(types.enumeration([...LOCATION_TYPES]), 'single'),
  buildingName: '',
  address: '',
  endCustomerId: DEFAULT_PROJECT_CUSTOMER,
  projectId: '',
});
export type ProjectDraft = Instance<typeof ProjectDraftModel>;
export type DraftField = 'projectName' | 'locationType' | 'buildingName' | 'address' | 'endCustomerId';

/** The project wizard's state, (the plugin store `projectWizard`, loaded on first use). */
export const ProjectWizardStore = types
  .model('ProjectWizardStore', {
    step: types.optional(types.enumeration<WizardStep>([...WIZARD_STEPS]), 'start'),
    /** Whether the testing step is shown (not in a production build). */
    withTesting: true,
    draft: types.optional(ProjectDraftModel, {}),
    tags: types.array(TagModel),
    /** The tag filter; null is All. */
    tag: types.maybeNull(types.string),
    templates: types.array(TemplateModel),
    templatesLoaded: false,
    /** Continue was pressed on the template list with none chosen. */
    selectionMissing: false,
    detail: types.maybeNull(TemplateDetailModel),
    customers: types.array(CustomerModel),
    loadingTemplates: types.optional(RequestModel, {}),
    loadingTags: types.optional(RequestModel, {}),
    loadingDetail: types.optional(RequestModel, {}),
    loadingCustomers: types.optional(RequestModel, {}),
    submitting: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    /** Back shows on every step but the first and the finished one. */
    get canGoBack(): boolean {
      return self.step !== 'start' && self.step !== 'finished';
    },
    /** The view step needs all four of id, name, description and thumbnail (shell spec §2.7). */
    get detailComplete(): boolean {
      const detail = self.detail;
      return Boolean(detail?.id && detail.name && detail.description && detail.thumbnail);
    },
    /** Submit: idle, submitting, then success (the step moves on) or error (spec §4). */
    get submitState(): 'idle' | 'submitting' | 'error' | 'success' {
      if (self.submitting.pending) return 'submitting';
      if (self.submitting.failed) return 'error';
      return self.draft.projectId ? 'success' : 'idle';
    },
    /** The draft as POST /project takes it. */
    get body(): NewProjectInput {
      const { draft } = self;
      const single = draft.locationType === 'single';
      return {
        startInfo: draft.startInfo ?? 'create-new',
        ...(draft.startInfo === 'use-template' ? { templateId: draft.templateId } : {}),
        projectName: draft.projectName,
        locationType: draft.locationType,
        ...(single ? { buildingName: draft.buildingName, address: draft.address } : {}),
        endCustomerId: draft.endCustomerId,
      };
    },
  }))
  .actions((self) => ({
    goTo(step: WizardStep) {
      self.step = step;
    },
    setTemplates(templates: TemplateSummary[]) {
      self.templates.replace(templates.map((template) => TemplateModel.create(template)));
      self.templatesLoaded = true;
    },
    setTags(tags: TemplateTag[]) {
      self.tags.replace(tags.map((tag) => TagModel.create(tag)));
    },
    setDetail(detail: TemplateDetail | null) {
      self.detail = detail ? TemplateDetailModel.create(detail) : null;
    },
    setCustomers(customers: { id: string; name: string }[]) {
      self.customers.replace(customers.map((customer) => CustomerModel.create({ id: customer.id, name: customer.name })));
    },
    setTagFilter(tag: string | null) {
      self.tag = tag;
    },
    setField(field: DraftField, value: string) {
      if (field === 'locationType') self.draft.locationType = value === 'multiple' ? 'multiple' : 'single';
      else self.draft[field] = value;
    },
    setProjectId(projectId: string) {
      self.draft.projectId = projectId;
    },
    setSelectionMissing(missing: boolean) {
      self.selectionMissing = missing;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    async function loadTemplates(): Promise<void> {
      const searchParams = self.tag === null ? undefined : { tag: self.tag };
      const outcome = await track(self.loadingTemplates, () =>
        http().get('project/templates', { searchParams }).json<TemplateSummary[]>(),
      );
      if (outcome.ok) self.setTemplates(outcome.value);
    }
    async function loadDetail(): Promise<void> {
      self.setDetail(null);
      const id = self.draft.templateId;
      const outcome = await track(self.loadingDetail, () =>
        http()
          .get(`project/templates/${encodeURIComponent(id)}`)
          .json<TemplateDetail>(),
      );
      if (outcome.ok) self.setDetail(outcome.value);
    }
    return {
      /** A fresh wizard for the group's end customer: every step's input forgotten. */
      open(endCustomerId: string, withTesting: boolean) {
        self.step = 'start';
        self.withTesting = withTesting;
        self.draft = ProjectDraftModel.create({ endCustomerId });
        self.tag = null;
        self.selectionMissing = false;
        self.detail = null;
        self.submitting.clear();
        void (async () => {
          const outcome = await track(self.loadingCustomers, () =>
            http().get('customer/end-customer-list/').json<{ id: string; name: string }[]>(),
          );
          if (outcome.ok) self.setCustomers(outcome.value);
        })();
      },
      /** Start: Use a template goes on to the list; Create from a sketch straight to the project information. */
      chooseStart(option: StartInfo) {
        self.draft.startInfo = option;
        if (option === 'use-template') {
          self.step = 'select-template';
          void loadTemplates();
          void (async () => {
            const outcome = await track(self.loadingTags, () => http().get('project/templates/tags').json<TemplateTag[]>());
            if (outcome.ok) self.setTags(outcome.value);
          })();
        } else {
          self.step = 'project-information';
        }
      },
      loadTemplates,
      /** A tag button: only that category's templates (null: All). */
      filterByTag(tag: string | null) {
        self.setTagFilter(tag);
        return loadTemplates();
      },
      /** Picking a card keeps its id, name, description and thumbnail and goes on to its details. */
      pickTemplate(template: TemplateSummary) {
        Object.assign(self.draft, {
          templateId: template.id,
          templateName: template.name,
          templateDescription: template.description,
          templateThumbnail: template.thumbnail,
        });
        self.selectionMissing = false;
        self.step = 'view-template';
        return loadDetail();
      },
      /** Continue on the list: on with the chosen template, else "Please select a template to continue". */
      continueFromList() {
        if (!self.draft.templateId) {
          self.setSelectionMissing(true);
          return Promise.resolve();
        }
        self.step = 'view-template';
        return loadDetail();
      },
      loadDetail,
      confirmTemplate() {
        self.step = 'project-information';
      },
      back() {
        const previous: Partial<Record<WizardStep, WizardStep>> = {
          'select-template': 'start',
          'view-template': 'select-template',
          'project-information': self.draft.startInfo === 'create-new' ? 'start' : 'view-template',
          testing: 'project-information',
        };
        const step = previous[self.step];
        if (step) self.step = step;
      },
      /**
       * Creates the project; on success the wizard goes to testing (not in production) or finished. Once created (Back
       * from testing), the form is read-only and this only goes on again: a project is never created twice.
       */
      async submit(): Promise<void> {
        const next = self.withTesting ? 'testing' : 'finished';
        if (self.draft.projectId) {
          self.goTo(next);
          return;
        }
        const outcome = await track(self.submitting, () => http().post('project', { json: self.body }).json<ProjectCreated>());
        if (outcome.ok) {
          self.setProjectId(outcome.value.projectId);
          self.goTo(next);
        }
      },
      finishTesting() {
        self.step = 'finished';
      },
    };
  });

export type ProjectWizardStoreInstance = Instance<typeof ProjectWizardStore>;
