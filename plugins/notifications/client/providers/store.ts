import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { types, type Instance } from 'mobx-state-tree';
import { organisationScopedModel, RequestModel, track } from '@sensorium/core/client';
import { CALL_TIMEOUT_LIMITS, ProviderInput, type ProviderChannel, type ProvidersAnswer, type ProviderView } from '../../common';

export { PROVIDERS_STORE } from './store-name';

/** What carries a channel's notifications: the organisation's own provider, the operator's default, or nothing. */
export type ProviderSource = 'own' | 'default' | 'none';

/** The form of one channel's provider: the input's fields as the inputs hold them (text). */
export type ProviderForm = Record<Exclude<keyof ProviderInput, 'channel' | 'callTimeoutSeconds'>, string> & {
  channel: ProviderChannel;
  callTimeoutSeconds: string;
};

/** A form filled from the stored provider (or blank, Twilio-compatible); the secret always starts empty. */
export function providerForm(channel: ProviderChannel, view: ProviderView | null): ProviderForm {
  const settings = view?.settings ?? {};
  return {
    channel,
    kind: view?.kind ?? 'twilio',
    baseUrl: settings.baseUrl ?? '',
    accountSid: settings.accountSid ?? '',
    from: settings.from ?? '',
    messagingServiceSid: settings.messagingServiceSid ?? '',
    url: settings.url ?? '',
    method: settings.method ?? 'POST',
    headers: settings.headers ?? '',
    body: settings.body ?? '',
    messageIdPath: settings.messageIdPath ?? '',
    callTimeoutSeconds: settings.callTimeoutSeconds === undefined ? '' : String(settings.callTimeoutSeconds),
    sayLanguage: settings.sayLanguage ?? '',
    secret: '',
  };
}

/** The form as the API takes it: empty fields left out (so an empty secret keeps the stored one). */
export function providerInput(form: ProviderForm): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(form)) {
    const text = value.trim();
    if (text !== '') input[field] = field === 'callTimeoutSeconds' ? Number(text) : text;
  }
  return input;
}

export interface FieldProblem {
  key: string;
  params?: Record<string, number>;
}

/**
 * The form's problems by field, with the rules the server applies (ProviderInput); an empty secret is a problem only
 * when none is stored to keep.
 */
export function providerFormErrors(form: ProviderForm, secretStored: boolean): Record<string, FieldProblem> {
  const errors: Record<string, FieldProblem> = {};
  for (const problem of validateSync(plainToInstance(ProviderInput, providerInput(form)))) {
    const rules = Object.keys(problem.constraints ?? {});
    const rule = rules.includes('isNotEmpty') ? 'isNotEmpty' : rules[0];
    if (rule === 'min' || rule === 'max') {
      errors[problem.property] = { key: `validation.${rule}`, params: { constraint1: CALL_TIMEOUT_LIMITS[rule] } };
    } else if (rule) {
      // Length limits are far beyond what a provider needs; their message would need the limit.
      errors[problem.property] = { key: rule === 'maxLength' ? 'validation.invalid' : `validation.${rule}` };
    }
  }
  if (!secretStored && form.secret.trim() === '') errors.secret = { key: 'validation.isNotEmpty' };
  return errors;
}

/**
 * The SMS, WhatsApp and voice providers of an organisation (GET/PUT /notifications/providers, DELETE …/:channel), or
 * the operator's defaults (PUT …/providers/default) for a cloud user who chose no organisation.
 */
export const ProvidersStore = organisationScopedModel('NotificationProviders', 'notifications/providers')
  .props({
    answer: types.maybeNull(types.frozen<ProvidersAnswer>()),
    saving: types.optional(RequestModel, {}),
    removing: types.optional(RequestModel, {}),
    /** The channels of the last save and removal, whose forms show how they went. */
    savingChannel: types.maybeNull(types.string),
    removingChannel: types.maybeNull(types.string),
    /** The channel whose change was stored last; its form says so until it is edited again. */
    savedChannel: types.maybeNull(types.string),
    /** Counts the answers shown, so the forms start afresh from each load and each change. */
    revision: 0,
  })
  .views((self) => ({
    /** Setting the operator's defaults (a cloud user without an organisation) rather than an organisation's own. */
    get editingDefaults(): boolean {
      return self.answer !== null && self.answer.organisationId === null;
    },
    own(channel: ProviderChannel): ProviderView | null {
      return self.answer?.own.find((provider) => provider.channel === channel) ?? null;
    },
    source(channel: ProviderChannel): ProviderSource {
      if (!self.answer) return 'none';
      if (self.answer.organisationId !== null && self.answer.own.some((provider) => provider.channel === channel)) {
        return 'own';
      }
      return self.answer.defaults.some((provider) => provider.channel === channel) ? 'default' : 'none';
    },
  }))
  .actions((self) => ({
    show(answer: ProvidersAnswer, savedChannel: string | null) {
      self.answer = answer;
      self.savedChannel = savedChannel;
      self.revision++;
    },
    edited() {
      self.savedChannel = null;
    },
    attempt(kind: 'saving' | 'removing', channel: ProviderChannel) {
      if (kind === 'saving') self.savingChannel = channel;
      else self.removingChannel = channel;
    },
  }))
  .actions((self) => ({
    async open(organisationId: string | null): Promise<void> {
      self.answer = null;
      self.saving.clear();
      self.removing.clear();
      const answer = await self.fetch<ProvidersAnswer>(organisationId);
      if (answer) self.show(answer, null);
    },
    /** Stores a channel's provider: the organisation's own, or the operator's default. */
    async save(form: ProviderForm): Promise<boolean> {
      const json = providerInput(form);
      const suffix = self.editingDefaults ? 'default' : undefined;
      self.attempt('saving', form.channel);
      const outcome = await track(self.saving, () => self.call<ProvidersAnswer>('put', { suffix, json }));
      if (outcome.ok) self.show(outcome.value, form.channel);
      return outcome.ok;
    },
    /** Removes the organisation's own provider of a channel: the operator's default carries it again. */
    async remove(channel: ProviderChannel): Promise<boolean> {
      self.attempt('removing', channel);
      const outcome = await track(self.removing, () => self.call<ProvidersAnswer>('delete', { suffix: channel }));
      if (outcome.ok) self.show(outcome.value, null);
      return outcome.ok;
    },
  }));

export type ProvidersStoreInstance = Instance<typeof ProvidersStore>;
