import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { cast, types, type Instance } from 'mobx-state-tree';
import { DeviceServerSettingsInput, type DeviceServerSettingsView } from '@sensorium/core/common';
import { organisationScopedModel } from './organisation-scoped';
import { RequestModel, track } from './request';

const DeviceServerSettingsViewModel = types.model('DeviceServerSettingsView', {
  organisationId: types.maybeNull(types.string),
  apiUrl: types.maybeNull(types.string),
  secretMasked: types.maybeNull(types.string),
  operator: types.model('DeviceServerOperatorDefault', {
    apiUrl: types.maybeNull(types.string),
    secretSet: false,
  }),
});

/** Which settings calls on the organisation's behalf use: its own, the operator's default, or none at all. */
export type DeviceServerSource = 'own' | 'operator' | 'none';

export interface DeviceServerSettingsForm {
  apiUrl: string;
  /** Empty keeps the stored secret. */
  secret: string;
}

/**
 * The i18n keys of the form's problems by field, with the rules the server applies (DeviceServerSettingsInput); an
 * empty secret is a problem only when none is stored to keep.
 */
export function deviceServerFormErrors(form: DeviceServerSettingsForm, secretStored: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of validateSync(plainToInstance(DeviceServerSettingsInput, form))) {
    const constraints = Object.keys(problem.constraints ?? {});
    const rule = constraints.includes('isNotEmpty') ? 'isNotEmpty' : constraints[0];
    if (rule) errors[problem.property] = `validation.${rule}`;
  }
  if (!secretStored && form.secret.trim() === '') errors.secret = 'validation.isNotEmpty';
  return errors;
}

/**
 * A store for one device server's API settings of an organisation (GET/PUT/DELETE `/{path}`, core/server's
 * deviceServerSettingsRoutes). Each data-source plugin adds one under its own name and type name.
 */
export function deviceServerSettingsModel(name: string, path: string) {
  return organisationScopedModel(name, path)
    .props({
      view: types.maybeNull(DeviceServerSettingsViewModel),
      saving: types.optional(RequestModel, {}),
      clearing: types.optional(RequestModel, {}),
      /** The last change was stored; the form says so until it is edited again. */
      saved: false,
      /** Counts the settings shown, so a form starts afresh from each load and each change. */
      revision: 0,
    })
    .views((self) => ({
      get source(): DeviceServerSource {
        if (self.view?.apiUrl) return 'own';
        return self.view?.operator.apiUrl ? 'operator' : 'none';
      },
      /** Only an organisation's settings can be changed; the operator's default lives in the server's environment. */
      get editable(): boolean {
        return self.view?.organisationId != null;
      },
      get secretStored(): boolean {
        return self.view?.secretMasked != null;
      },
    }))
    .actions((self) => ({
      reset() {
        self.view = null;
        self.saved = false;
        self.saving.clear();
        self.clearing.clear();
      },
      show(view: DeviceServerSettingsView, saved: boolean) {
        self.view = cast(view);
        self.saved = saved;
        self.revision++;
      },
      edited() {
        self.saved = false;
      },
    }))
    .actions((self) => ({
      /** Loads the organisation's settings; an answer for an organisation asked for earlier is dropped. */
      async open(organisationId: string | null): Promise<void> {
        self.reset();
        const view = await self.fetch<DeviceServerSettingsView>(organisationId);
        if (view) self.show(view, false);
      },
      /** Stores the organisation's own settings; an empty secret is left out, so the stored one is kept. */
      async save(form: DeviceServerSettingsForm): Promise<boolean> {
        const secret = form.secret.trim();
        const json = { apiUrl: form.apiUrl.trim(), ...(secret ? { secret } : {}) };
        const outcome = await track(self.saving, () => self.call<DeviceServerSettingsView>('put', { json }));
        if (outcome.ok) self.show(outcome.value, true);
        return outcome.ok;
      },
      /** Removes the organisation's own settings: the operator's default applies again. */
      async clear(): Promise<boolean> {
        const outcome = await track(self.clearing, () => self.call<DeviceServerSettingsView>('delete'));
        if (outcome.ok) self.show(outcome.value, false);
        return outcome.ok;
      },
    }));
}

export type DeviceServerSettingsStore = Instance<ReturnType<typeof deviceServerSettingsModel>>;
