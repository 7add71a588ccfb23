import {
  DEBOUNCE_TYPES,
  DEBOUNCE_UNITS,
  MAX_RANGE_NAME_LENGTH,
  MAX_RANGES,
  RANGE_COLORS,
  SIGNAL_TYPES,
  WEBHOOK_METHODS,
  type WebhookSetting,
} from './field-preference';
import { NODE_DATA_SOURCES } from './node-data';

/** One problem of a field preference: the dotted path under the preference, and an i18n key. */
export interface PreferenceProblem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

const URL_PATTERN = /^https?:\/\/\S+$/;

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonOrEmpty(text: unknown): boolean {
  if (text === undefined || text === null) return true;
  if (typeof text !== 'string') return false;
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The webhook dialog's rules (spec 2.9 / 5): method, url and JSON headers and body (event-actions and event-settings check with them). */
export function validateWebhook(webhook: Partial<WebhookSetting> | Loose, path = ''): PreferenceProblem[] {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  const problems: PreferenceProblem[] = [];
  const method = webhook.method;
  if (method === undefined || method === null || method === '') {
    problems.push({ field: at('method'), code: 'nodes.validation.webhookMethodRequired' });
  } else if (!WEBHOOK_METHODS.includes(method as WebhookSetting['method'])) {
    problems.push({ field: at('method'), code: 'nodes.validation.webhookMethod' });
  }
  const url = typeof webhook.url === 'string' ? webhook.url.trim() : '';
  if (url === '') problems.push({ field: at('url'), code: 'nodes.validation.webhookUrlRequired' });
  else if (!URL_PATTERN.test(url)) problems.push({ field: at('url'), code: 'nodes.validation.webhookUrl' });
  if (!isJsonOrEmpty(webhook.headers)) problems.push({ field: at('headers'), code: 'nodes.validation.json' });
  if (!isJsonOrEmpty(webhook.body)) problems.push({ field: at('body'), code: 'nodes.validation.json' });
  return problems;
}

/**
 * Checks a field preference as the Field Settings dialog sends it (spec 3.3, 9): at most 16 ranges, numbers where
 * numbers belong, colours of the allowed set (or N/A), known signal, debounce and node-data choices. Missing parts are
 * allowed (defaults fill them). The ranges' action settings (notification, task, webhook) are their plugins' to check
 * (nodes.range-action-validators/v1).
 */
export function validateFieldPreference(preference: unknown): PreferenceProblem[] {
  if (!isObject(preference)) return [{ field: '', code: 'validation.isObject' }];
  const problems: PreferenceProblem[] = [];
  const number = (value: unknown, field: string, options: { nullable?: boolean; integer?: boolean; min?: number } = {}) => {
    if (value === undefined || (options.nullable && value === null)) return;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      problems.push({ field, code: 'nodes.validation.number' });
    } else if (options.integer && !Number.isInteger(value)) {
      problems.push({ field, code: 'nodes.validation.integer' });
    } else if (options.min !== undefined && value < options.min) {
      problems.push({ field, code: 'nodes.validation.min', params: { min: options.min } });
    }
  };
  const choice = (value: unknown, allowed: readonly unknown[], field: string, code: string) => {
    if (value !== undefined && !allowed.includes(value)) problems.push({ field, code });
  };
  const text = (value: unknown, field: string, maxLength?: number) => {
    if (value !== undefined && value !== null && typeof value !== 'string') problems.push({ field, code: 'validation.isString' });
    else if (maxLength !== undefined && typeof value === 'string' && value.length > maxLength) {
      problems.push({ field, code: 'nodes.validation.maxLength', params: { max: maxLength } });
    }
  };

  text(preference.displayName, 'displayName');
  text(preference.unit, 'unit');
  number(preference.seq, 'seq', { integer: true });
  number(preference.decimalPlace, 'decimalPlace', { integer: true, min: 0 });
  choice(preference.signal, SIGNAL_TYPES, 'signal', 'nodes.validation.signal');
  choice(preference.logic, ['Normal', 'Invert'], 'logic', 'nodes.validation.logic');

  if (isObject(preference.debounce)) {
    const debounce = preference.debounce;
    number(debounce.number, 'debounce.number', { min: 0 });
    number(debounce.maxDeviation, 'debounce.maxDeviation', { min: 0 });
    choice(debounce.unit, DEBOUNCE_UNITS, 'debounce.unit', 'nodes.validation.debounceUnit');
    choice(debounce.type, DEBOUNCE_TYPES, 'debounce.type', 'nodes.validation.debounceType');
  }
  if (isObject(preference.filter)) {
    const { min, max } = preference.filter;
    number(min, 'filter.min');
    number(max, 'filter.max');
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      problems.push({ field: 'filter.max', code: 'nodes.validation.filterOrder' });
    }
  }
  if (isObject(preference.simpleConvert)) {
    for (const key of ['inputRangeMin', 'inputRangeMax', 'inputResolution', 'outputRangeMin', 'outputRangeMax']) {
      number(preference.simpleConvert[key], `simpleConvert.${key}`);
    }
  }
  if (isObject(preference.resetSetting)) {
    number(preference.resetSetting.resetDelaySecond, 'resetSetting.resetDelaySecond', { min: 0 });
  }
  if (isObject(preference.nodeData)) {
    choice(preference.nodeData.source, NODE_DATA_SOURCES, 'nodeData.source', 'nodes.validation.nodeDataSource');
    text(preference.nodeData.expression, 'nodeData.expression');
  }

  const rangeSettings = preference.rangeSettings;
  const analog = preference.signal === undefined || preference.signal === 'analog';
  if (rangeSettings !== undefined) {
    if (!isObject(rangeSettings)) {
      problems.push({ field: 'rangeSettings', code: 'validation.isObject' });
    } else {
      if (isObject(rangeSettings.belowMinimum)) {
        number(rangeSettings.belowMinimum.minNumber, 'rangeSettings.belowMinimum.minNumber', { nullable: true });
      }
      if (isObject(rangeSettings.aboveMaximum)) {
        number(rangeSettings.aboveMaximum.maxNumber, 'rangeSettings.aboveMaximum.maxNumber', { nullable: true });
      }
      const ranges = rangeSettings.ranges;
      if (ranges !== undefined && !Array.isArray(ranges)) {
        problems.push({ field: 'rangeSettings.ranges', code: 'validation.isArray' });
      } else if (Array.isArray(ranges)) {
        if (ranges.length > MAX_RANGES) {
          problems.push({ field: 'rangeSettings.ranges', code: 'nodes.validation.tooManyRanges', params: { max: MAX_RANGES } });
        }
        ranges.forEach((range: unknown, index) => {
          const at = `rangeSettings.ranges.${index}`;
          if (!isObject(range)) {
            problems.push({ field: at, code: 'validation.isObject' });
            return;
          }
          text(range.name, `${at}.name`, MAX_RANGE_NAME_LENGTH);
          number(range.startNum, `${at}.startNum`);
          number(range.endNum, `${at}.endNum`);
          const { startNum, endNum } = range;
          // Start and end bound an analog value; other signals match a range by its value and keep the defaults here.
          if (analog && typeof startNum === 'number' && typeof endNum === 'number' && startNum > endNum) {
            problems.push({ field: `${at}.endNum`, code: 'nodes.validation.rangeOrder' });
          }
          if (isObject(range.eventSetting)) text(range.eventSetting.name, `${at}.eventSetting.name`, MAX_RANGE_NAME_LENGTH);
          choice(range.color, RANGE_COLORS, `${at}.color`, 'nodes.validation.color');
        });
      }
    }
  }
  return problems;
}

/** The first problem of exactly this field, for the message under its input. */
export function problemAt(problems: readonly PreferenceProblem[], field: string): PreferenceProblem | undefined {
  return problems.find((problem) => problem.field === field);
}
