import { Checkbox, Field, Input, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore, type Outcome } from '@sensorium/core/client';
import type { Command, TaskAction, TaskSetting } from '../../common/field-preference';
import type { NodesStore } from '../store/nodes-store';
import { isCommandSelectDisabled, realCommands, reconcileCommand, TASK_KEYS, taskFormValue, type TaskKey } from './dialog-rules';
import { DialogShell, SaveCloseActions, useDialogSave } from './dialog-shell';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  block: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { gridColumn: '1 / -1' },
});

const BLOCK_TITLES: Record<TaskKey, string> = {
  taskCreated: 'nodes.taskSetting.created',
  taskAcked: 'nodes.taskSetting.acked',
  taskCleared: 'nodes.taskSetting.cleared',
};

export interface TaskDialogProps {
  /** The range event's current tasks. */
  value: Partial<TaskSetting> | undefined;
  /** The application's items for the Device datalist (the tree rows will do). */
  items: readonly { uuid: string; itemName: string; itemDisplayName?: string }[];
  /** Save: returns the edited copy (and stores it, see saveRangeAction); the dialog closes when it succeeded. */
  onSave(task: TaskSetting): Promise<Outcome<unknown>>;
  onClose(): void;
}

/**
 * Task Setting dialog (spec 2.8): one block per event state (created, acked, cleared) with a Device (datalist of item
 * names), a Command (disabled while the block is off or the device has no commands; reset to none when the chosen
 * command is not the device's) and Enable. Save returns the edited copy to the range (stored at once when the range is
 * stored); a failure keeps the dialog open.
 */
/** The tasks as shown: a chosen command that the device does not offer goes back to none. */
function reconciled(value: TaskSetting, commandsOf: (device: string) => readonly Command[] | undefined): TaskSetting {
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

export const TaskDialog = observer(function TaskDialog(props: TaskDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const listId = useId();
  const store = usePluginStore<typeof NodesStore>('nodes').rangeActions;
  const [typed, setTyped] = useState<TaskSetting>(() => taskFormValue(props.value));
  /** Commands per item name: undefined while unknown, [] for an unknown device or one without commands. */
  const commandsOf = (device: string): readonly Command[] | undefined => store.commands.get(device);
  const value = reconciled(typed, commandsOf);

  // Each device's commands are asked for once (the store remembers).
  const devicesKey = TASK_KEYS.map((key) => value[key].device.trim()).join('\n');
  const { items } = props;
  useEffect(() => {
    const byName = new Map(items.map((item) => [item.itemName, item]));
    for (const name of new Set(devicesKey.split('\n'))) {
      if (name) void store.loadCommands(name, byName.get(name)?.uuid ?? null);
    }
  }, [devicesKey, items, store]);

  const update = (key: TaskKey, patch: Partial<TaskAction>) => setTyped({ ...value, [key]: { ...value[key], ...patch } });

  const save = useDialogSave(
    () =>
      props.onSave({
        taskCreated: { ...value.taskCreated, device: value.taskCreated.device.trim() },
        taskAcked: { ...value.taskAcked, device: value.taskAcked.device.trim() },
        taskCleared: { ...value.taskCleared, device: value.taskCleared.device.trim() },
      }),
    props.onClose,
  );

  return (
    <DialogShell
      label={t('nodes.taskSetting.title')}
      title={t('nodes.taskSetting.title')}
      alert
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={<SaveCloseActions saving={store.saving.pending} onSave={save} onClose={props.onClose} />}
    >
      <datalist id={listId}>
        {props.items.map((item) => (
          <option key={item.uuid} value={item.itemName}>
            {item.itemDisplayName && item.itemDisplayName !== item.itemName ? item.itemDisplayName : undefined}
          </option>
        ))}
      </datalist>
      {TASK_KEYS.map((key) => {
        const action = value[key];
        const device = action.device.trim();
        const options = device ? commandsOf(device) : [];
        return (
          <section key={key} className={styles.block} aria-label={t(BLOCK_TITLES[key])}>
            <Subtitle2 className={styles.title}>{t(BLOCK_TITLES[key])}</Subtitle2>
            <Field label={t('nodes.taskSetting.device')}>
              <Input value={action.device} input={{ list: listId }} onChange={(_, data) => update(key, { device: data.value })} />
            </Field>
            <Field label={t('nodes.taskSetting.command')}>
              <Select
                value={action.commandId}
                disabled={isCommandSelectDisabled(action, options)}
                onChange={(_, data) => update(key, { commandId: data.value })}
              >
                <option value="">{t('nodes.taskSetting.noCommand')}</option>
                {realCommands(options).map((command) => (
                  <option key={command.id} value={command.id}>
                    {command.display}
                  </option>
                ))}
              </Select>
            </Field>
            <Checkbox
              label={t('nodes.taskSetting.enable')}
              checked={action.enable}
              onChange={(_, data) => update(key, { enable: data.checked === true })}
            />
          </section>
        );
      })}
    </DialogShell>
  );
});
