import { defaultFieldPreference, type FieldPreference } from '../../common/field-preference';
import type { ItemType } from '../../common/types';
import { itemNameError } from '../tree/item-name';

/** The wizard's three steps (spec 2.11): Select Type, Basic Information, Extra Settings. */
export const WIZARD_STEPS = ['select', 'basic', 'extra'] as const;
export type WizardStepIndex = 0 | 1 | 2;

/** Default data source of a new device (spec 9). */
export const DEFAULT_DATA_SOURCE = 'chirpstack';

export interface WizardState {
  itemType: ItemType | '';
  parentName: string;
  itemName: string;
  itemDescription: string;
  /** Devices only: the data-source type and its form's value. */
  dataSourceType: string;
  dataSource: Record<string, unknown>;
  tags: string[];
  siteAddress: string;
  /** Text of the connection timeout field: '' = none, else whole seconds (0 = no checking). */
  connectionTimeoutSec: string;
  enableHistory: boolean;
}

export function initialWizardState(parentName: string): WizardState {
  return {
    itemType: '',
    parentName,
    itemName: '',
    itemDescription: '',
    dataSourceType: DEFAULT_DATA_SOURCE,
    dataSource: {},
    tags: [],
    siteAddress: '',
    connectionTimeoutSec: '',
    enableHistory: true,
  };
}

/** Result of the server's uniqueness check of the current name. */
export type NameStatus = 'unchecked' | 'checking' | 'available' | 'taken';

export interface StepContext {
  nameStatus: NameStatus;
  /** The chosen data-source form's problems (i18n keys), from its contribution's validate. */
  formErrors: readonly string[];
  /** Whether a form is contributed for the chosen type (false: the type cannot be chosen). */
  hasForm: boolean;
}

/** i18n keys of one step's problems; the step is valid when there are none. */
export function stepErrors(state: WizardState, step: WizardStepIndex, context: StepContext): string[] {
  const errors: string[] = [];
  if (step === 0) {
    if (!state.itemType) errors.push('nodes.wizard.errors.itemType');
    if (!state.parentName.trim()) errors.push('nodes.wizard.errors.parent');
    return errors;
  }
  if (step === 1) {
    const rule = itemNameError(state.itemName);
    if (rule === 'required') errors.push('nodes.wizard.errors.nameRequired');
    else if (rule === 'pattern') errors.push('nodes.wizard.errors.namePattern');
    else if (rule === 'tooLong') errors.push('nodes.wizard.errors.nameTooLong');
    else if (context.nameStatus === 'taken') errors.push('nodes.wizard.errors.nameTaken');
    else if (context.nameStatus !== 'available') errors.push('nodes.wizard.errors.nameChecking');
    if (state.itemType === 'item') {
      if (!state.dataSourceType || !context.hasForm) errors.push('nodes.wizard.errors.dataSource');
      else errors.push(...context.formErrors);
    }
    return [...new Set(errors)];
  }
  const timeout = state.connectionTimeoutSec.trim();
  if (timeout !== '' && !/^\d+$/.test(timeout)) errors.push('nodes.wizard.errors.timeout');
  return errors;
}

export type StepStyle = 'completed' | 'active' | 'disabled' | 'error';

/**
 * A step tab's look: the current one is active; one with problems that the user has seen (visited, or tried to leave)
 * shows the error highlight; a valid visited one is completed; one not reached yet looks disabled (but can be opened).
 */
export function stepStyle(
  step: WizardStepIndex,
  current: WizardStepIndex,
  visited: ReadonlySet<number>,
  valid: boolean,
): StepStyle {
  if (step === current) return 'active';
  if (!visited.has(step)) return 'disabled';
  return valid ? 'completed' : 'error';
}

/**
 * A device's field preferences from its profile: one per default output field, in the profile's order, with the
 * profile's output configuration (unit, decimals, signal…) over the defaults, so the Settings tab lists them at once.
 */
export function profileInput(
  outputSimpleDefault: Record<string, unknown> | undefined,
  outputConfig: Record<string, unknown> | undefined,
): Record<string, FieldPreference> {
  const input: Record<string, FieldPreference> = {};
  Object.keys(outputSimpleDefault ?? {}).forEach((field, index) => {
    const config = outputConfig?.[field];
    input[field] = {
      ...defaultFieldPreference(field),
      ...(config && typeof config === 'object' ? (config as Partial<FieldPreference>) : {}),
      seq: index + 1,
    };
  });
  return input;
}

/** The POST /items body (spec 3.7) from the wizard's state and, for a device, its profile's default values. */
export function wizardResult(
  state: WizardState,
  profile?: {
    commands?: unknown[];
    outputSimpleDefault?: Record<string, unknown>;
    outputConfig?: Record<string, unknown>;
    deviceProfileName?: string;
  } | null,
): { newItem: Record<string, unknown>; parentName: string } {
  const timeout = state.connectionTimeoutSec.trim();
  const device = state.itemType === 'item';
  const dataSource: Record<string, unknown> = device ? { ...state.dataSource, type: state.dataSourceType } : {};
  for (const [key, value] of Object.entries(dataSource)) {
    if (typeof value === 'string') dataSource[key] = value.trim();
  }
  if (device && profile?.commands && !Array.isArray(dataSource.commands)) dataSource.commands = profile.commands;
  if (device && profile?.deviceProfileName && !dataSource.sensorType) dataSource.sensorType = profile.deviceProfileName;
  if (timeout !== '') dataSource.connectionTimeoutSec = Number(timeout);
  dataSource.enableHistory = state.enableHistory;
  const address = state.siteAddress.trim();
  return {
    parentName: state.parentName.trim(),
    newItem: {
      itemType: state.itemType,
      itemName: state.itemName.trim(),
      itemDescription: state.itemDescription.trim(),
      dataSource,
      input: device ? profileInput(profile?.outputSimpleDefault, profile?.outputConfig) : {},
      outputSimple: device ? { ...(profile?.outputSimpleDefault ?? {}) } : {},
      geoInfo: {
        tags: [...new Set(state.tags.map((tag) => tag.trim()).filter(Boolean))],
        ...(address ? { site: { address } } : {}),
      },
    },
  };
}
