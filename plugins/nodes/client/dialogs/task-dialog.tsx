import { Checkbox, Field, Input, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '@sensorium/core/client';
import type { Command, TaskAction, TaskSetting } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { isCommandSelectDisabled, realCommands, reconcileCommand, TASK_KEYS, taskFormValue, type TaskKey } from './dialog-rules';
import { extraApi } from './extra-api';
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
  appId: string;
  itemUuid: string;
  targetField: string;
  rangeIndex: number;
  /** The range event's current tasks. */
  value: Partial<TaskSetting> | undefined;
  /** The application's items for the Device datalist (the tree rows will do). */
  items: readonly { uuid: string; itemName: string; itemDisplayName?: string }[];
  onSaved(task: TaskSetting, item: Item): void;
  onClose(): void;
}

/**
 * Task Setting dialog (spec 2.8): one block per event state (created, acked, cleared) with a Device (datalist of item
 * names), a Command (disabled while the block is off or the device has no commands; reset to none when the chosen
 * command is not the device's) and Enable. Save stores it (PUT …/task); a failure keeps the dialog open.
 */
export function TaskDialog(props: TaskDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const http = useHttp();
  const listId = useId();
  const api = useMemo(() => extraApi(http, props.appId), [http, props.appId]);
  const [value, setValue] = useState<TaskSetting>(() => taskFormValue(props.value));
  /** Commands per item name: undefined while unknown, [] for an unknown device or one without commands. */
  const [commands, setCommands] = useState<Record<string, Command[]>>({});
  const byName = useMemo(() => new Map(props.items.map((item) => [item.itemName, item])), [props.items]);

  const devices = TASK_KEYS.map((key) => value[key].device.trim());
  const devicesKey = devices.join('\n');
  // Each device's commands are asked for once; answers after the dialog closed are dropped.
  const requested = useRef(new Set<string>());
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  useEffect(() => {
    for (const name of new Set(devicesKey.split('\n'))) {
      if (!name || requested.current.has(name)) continue;
      requested.current.add(name);
      const item = byName.get(name);
      const store = (list: Command[]) => open.current && setCommands((current) => ({ ...current, [name]: list }));
      if (!item) {
        store([]);
        continue;
      }
      api
        .itemCommands(item.uuid)
        .then((result) => store(result.commands))
        .catch(() => store([]));
    }
  }, [devicesKey, byName, api]);

  // A chosen command that the device does not offer goes back to none.
  useEffect(() => {
    setValue((current) => {
      let changed = false;
      const next = { ...current };
      for (const key of TASK_KEYS) {
        const action = current[key];
        const reconciled = reconcileCommand(action, action.device.trim() ? commands[action.device.trim()] : []);
        if (reconciled !== action) {
          next[key] = reconciled;
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [commands, devicesKey]);

  const update = (key: TaskKey, patch: Partial<TaskAction>) =>
    setValue((current) => ({ ...current, [key]: { ...current[key], ...patch } }));

  const { saving, save } = useDialogSave(async () => {
    const task: TaskSetting = {
      taskCreated: { ...value.taskCreated, device: value.taskCreated.device.trim() },
      taskAcked: { ...value.taskAcked, device: value.taskAcked.device.trim() },
      taskCleared: { ...value.taskCleared, device: value.taskCleared.device.trim() },
    };
    const item = await api.saveTask(props.itemUuid, props.targetField, props.rangeIndex, task);
    props.onSaved(task, item);
  }, props.onClose);

  return (
    <DialogShell
      label={t('nodes.taskSetting.title')}
      title={t('nodes.taskSetting.title')}
      alert
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={<SaveCloseActions saving={saving} onSave={save} onClose={props.onClose} />}
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
        const options = device ? commands[device] : [];
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
}
