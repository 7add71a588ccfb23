import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { defaultEscalation, type PreferenceProblem } from '@sensorium/nodes/common';
import { ESCALATION_LIMITS, EscalationInput } from './escalation-input';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rule a field broke: its type first (a fraction is not a whole number, whatever its size), then its bounds. */
function problemOf(field: string, at: string, rules: string[]): PreferenceProblem {
  const type = rules.find((rule) => rule === 'isInt' || rule === 'isBoolean');
  if (type || !(field in ESCALATION_LIMITS)) return { field: `${at}.${field}`, code: `validation.${type ?? rules[0]}` };
  const [least, most] = ESCALATION_LIMITS[field as keyof typeof ESCALATION_LIMITS];
  const rule = rules.includes('min') ? 'min' : 'max';
  return { field: `${at}.${field}`, code: `validation.${rule}`, params: { constraint1: rule === 'min' ? least : most } };
}

/**
 * The problems of a Notification Setting's `escalation` (fields under `at`) by EscalationInput's rules, fields left
 * out taking the defaults as the range's normalize does: the server's check of ranges, and the dialogs' messages as
 * the user types.
 */
export function escalationProblems(escalation: unknown, at = 'escalation'): PreferenceProblem[] {
  if (!isObject(escalation)) return [{ field: at, code: 'validation.isObject' }];
  const given = Object.fromEntries(Object.entries(escalation).filter(([, value]) => value !== undefined));
  const errors = validateSync(plainToInstance(EscalationInput, { ...defaultEscalation(), ...given }));
  return errors.map((error) => problemOf(error.property, at, Object.keys(error.constraints ?? {})));
}
