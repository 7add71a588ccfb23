import { createExtensionPoint } from '@sensorium/core/common';
import type { PreferenceProblem } from './preference-validation';

/**
 * The server's check of a range action's setting (the nodes.range-actions/v1 dialogs' values), contributed by the plugin
 * that owns the setting. Nodes stores the ranges in the item's field preferences and runs the validator of a key on
 * every save that carries it: the setting's own call (PUT /items/{uuid}/notification) and the whole preference.
 */
export interface RangeActionValidator {
  /** Where the setting sits in a range (a dotted path, see rangeActionValue), as its range action names it. */
  key: string;
  /** The setting's problems: paths under the setting and i18n keys with their parameters (answered translated, 400). */
  validate(value: unknown): PreferenceProblem[];
  /** The setting as stored once valid: defaults filled, unknown keys left out. */
  normalize(value: unknown): unknown;
}

export const rangeActionValidators = createExtensionPoint<RangeActionValidator>('nodes.range-action-validators/v1');
