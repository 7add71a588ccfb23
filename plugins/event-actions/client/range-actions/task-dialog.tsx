import { Checkbox, Field, Input, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command, RangeActionProps, TaskAction, TaskSetting } from '@sensorium/nodes/common';
import { isCommandSelectDisabled, reconciled, TASK_KEYS, taskFormValue, trimmedTasks, type TaskKey } from './task-rules';

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

const T = 'event-actions.taskSetting';
const BLOCK_TITLES: Record<TaskKey, string> = {
  taskCreated: `${T}.created`,
  taskAcked: `${T}.acked`,
  taskCleared: `${T}.cleared`,
};

/**
 * Task Setting dialog of a range (node spec 2.8), the event-actions plugin's nodes.range-actions/v1 contribution: one
 * block per event state (created, acked, cleared) with a Device (datalist of item names), a Command (disabled while
 * the block is off or the device has no commands; reset to none when the chosen command is not the device's) and
 * Enable. Save returns the edited copy to the range (stored at once when the range is stored).
 */
export function TaskDialog(props: RangeActionProps<TaskSetting>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const listId = useId();
  const [typed, setTyped] = useState<TaskSetting>(() => taskFormValue(props.value));
  /** Commands per item name, as they arrive: undefined while unknown. */
  const [commands, setCommands] = useState<ReadonlyMap<string, readonly Command[]>>(new Map());
  const commandsOf = (device: string) => commands.get(device);
  const value = reconciled(typed, commandsOf);

  // Each device's commands are asked for once (nodes remembers them).
  const devicesKey = TASK_KEYS.map((key) => value[key].device.trim()).join('\n');
  const { commandsOf: load } = props;
  useEffect(() => {
    let live = true;
    for (const name of new Set(devicesKey.split('\n'))) {
      if (name) void load(name).then((list) => live && setCommands((current) => new Map(current).set(name, list)));
    }
    return () => {
      live = false;
    };
  }, [devicesKey, load]);

  const update = (key: TaskKey, patch: Partial<TaskAction>) => setTyped({ ...value, [key]: { ...value[key], ...patch } });
  const { Frame } = props;

  return (
    <Frame
      title={t(`${T}.title`)}
      contentClassName={styles.body}
      onSave={() => props.save(trimmedTasks(value))}
      onClose={props.onClose}
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
            <Field label={t(`${T}.device`)}>
              <Input value={action.device} input={{ list: listId }} onChange={(_, data) => update(key, { device: data.value })} />
            </Field>
            <Field label={t(`${T}.command`)}>
              <Select
                value={action.commandId}
                disabled={isCommandSelectDisabled(action, options)}
                onChange={(_, data) => update(key, { commandId: data.value })}
              >
                <option value="">{t(`${T}.noCommand`)}</option>
                {(options ?? []).map((command) => (
                  <option key={command.id} value={command.id}>
                    {command.display}
                  </option>
                ))}
              </Select>
            </Field>
            <Checkbox
              label={t(`${T}.enable`)}
              checked={action.enable}
              onChange={(_, data) => update(key, { enable: data.checked === true })}
            />
          </section>
        );
      })}
    </Frame>
  );
}
