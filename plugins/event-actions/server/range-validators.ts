import {
  defaultTaskSetting,
  validateWebhook,
  type PreferenceProblem,
  type RangeActionValidator,
  type TaskSetting,
} from '@sensorium/nodes/common';

// The checks of the range settings this plugin acts on (nodes.range-action-validators/v1): a range event's tasks and
// its webhook. Nodes stores them in the item's field preferences and names the place of a problem.

type Loose = Record<string, unknown>;

const TASK_KEYS = ['taskCreated', 'taskAcked', 'taskCleared'] as const;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;

function taskProblems(value: unknown): PreferenceProblem[] {
  if (!isObject(value)) return [{ field: '', code: 'validation.isObject' }];
  const problems: PreferenceProblem[] = [];
  for (const key of TASK_KEYS) {
    const action = value[key];
    if (!given(action)) continue;
    if (!isObject(action)) {
      problems.push({ field: key, code: 'validation.isObject' });
      continue;
    }
    if (action.enable !== undefined && typeof action.enable !== 'boolean') {
      problems.push({ field: `${key}.enable`, code: 'validation.isBoolean' });
    }
    for (const text of ['device', 'commandId'] as const) {
      if (given(action[text]) && typeof action[text] !== 'string')
        problems.push({ field: `${key}.${text}`, code: 'validation.isString' });
    }
  }
  return problems;
}

/** The three tasks over the defaults, each device without the spaces typed around it. */
function normalizedTasks(value: unknown): TaskSetting {
  const task = value as Loose;
  const result = defaultTaskSetting();
  for (const key of TASK_KEYS) {
    const action = task[key] as Loose | null | undefined;
    if (!given(action)) continue;
    result[key] = {
      enable: action!.enable === true,
      device: typeof action!.device === 'string' ? action!.device.trim() : '',
      commandId: typeof action!.commandId === 'string' ? action!.commandId : '',
    };
  }
  return result;
}

/** A range event's Task Setting (node spec 2.8): three tasks of an enable, a device name and a command id. */
export const taskSettingValidator: RangeActionValidator = {
  key: 'eventSetting.task',
  validate: taskProblems,
  normalize: normalizedTasks,
};

/** A range's Webhook (node spec 2.9, 5): an enabled one needs a GET/POST method, an http(s) URL and JSON or nothing. */
export const webhookSettingValidator: RangeActionValidator = {
  key: 'webhookSetting',
  validate: (value) => {
    if (!isObject(value)) return [{ field: '', code: 'validation.isObject' }];
    return value.enable === false ? [] : validateWebhook(value);
  },
  normalize: (value) => value,
};
