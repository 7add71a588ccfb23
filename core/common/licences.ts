/** Licence keys of the spec's per-item gates (shell §6). Plugins may add keys of their own. */
export const LICENCES = {
  iot: 'iot',
  dashboard: 'dashboard',
  multiLanguage: 'multi-language',
  newProjectWizard: 'new-project-wizard',
  signUp: 'sign-up',
  testFeature: 'test-feature',
} as const;

export type LicenceKey = (typeof LICENCES)[keyof typeof LICENCES] | (string & {});

/**
 * The set of licence keys switched on for this deployment.
 * `all` means every key is on (the default when SENSORIUM_LICENCES is unset).
 */
export interface LicenceSet {
  readonly all: boolean;
  readonly keys: readonly string[];
}

export const ALL_LICENCES: LicenceSet = { all: true, keys: [] };

export function parseLicences(value: string | undefined): LicenceSet {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return ALL_LICENCES;
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  return { all: false, keys };
}

export function hasLicence(set: LicenceSet, key: string | undefined): boolean {
  if (!key) return true;
  return set.all || set.keys.includes(key);
}
