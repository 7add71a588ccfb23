import type { Command, TaskAction, TaskSetting } from '@sensorium/nodes/common';

export const TASK_KEYS = ['taskCreated', 'taskAcked', 'taskCleared'] as const;
export type TaskKey = (typeof TASK_KEYS)[number];

export function taskFormValue(task: Partial<TaskSetting> | undefined): TaskSetting {
  const action = (value: Partial<TaskAction> | undefined): TaskAction => ({
    enable: value?.enable ?? false,
    device: value?.device ?? '',
    commandId: value?.commandId ?? '',
  });
  return { taskCreated: action(task?.taskCreated), taskAcked: action(task?.taskAcked), taskCleared: action(task?.taskCleared) };
}

/** Whether any of the three tasks is on (the range editor's task button is then highlighted). */
export function anyTaskOn(task: Partial<TaskSetting> | undefined): boolean {
  return TASK_KEYS.some((key) => task?.[key]?.enable === true);
}

/** The Command select is disabled when the block is off or the device has no commands (spec 2.8). */
export function isCommandSelectDisabled(action: TaskAction, commands: readonly Command[] | undefined): boolean {
  return !action.enable || !commands || commands.length === 0;
}

/** A command that is not among the device's commands resets to none (spec 4); unknown commands (loading) keep it. */
export function reconcileCommand(action: TaskAction, commands: readonly Command[] | undefined): TaskAction {
  if (action.commandId === '' || commands === undefined) return action;
  return commands.some((command) => command.id === action.commandId) ? action : { ...action, commandId: '' };
}

/** The tasks as shown: a chosen command that the device does not offer goes back to none. */
export function reconciled(value: TaskSetting, commandsOf: (device: string) => readonly Command[] | undefined): TaskSetting {
  let changed = false;
  const next = { ...value };
  for (const key of TASK_KEYS) {
    const action = value[key];
    const device = action.device.trim();
    const fixed = reconcileCommand(action, device ? commandsOf(device) : []);
    if (fixed !== action) {
      next[key] = fixed;
      changed = true;
    }
  }
  return changed ? next : value;
}

/** What Save returns: the devices without the spaces typed around them. */
export function trimmedTasks(value: TaskSetting): TaskSetting {
  const trim = (action: TaskAction): TaskAction => ({ ...action, device: action.device.trim() });
  return { taskCreated: trim(value.taskCreated), taskAcked: trim(value.taskAcked), taskCleared: trim(value.taskCleared) };
}
