import { defaultRuleSettings, type EventRuleSettings, type RuleConditions } from '../common';

/** A valid rule body for the tests, with its conditions changed as given. */
export function ruleBody(conditions: Partial<RuleConditions> = {}, settings: Partial<EventRuleSettings> = {}): EventRuleSettings {
  const base = defaultRuleSettings();
  return {
    ...base,
    name: 'Too hot',
    severity: 4,
    description: 'The room is too hot',
    ...settings,
    conditions: { ...base.conditions, field: 'temperature', triggerRanges: [{ min: 30, max: null }], ...conditions },
  };
}
