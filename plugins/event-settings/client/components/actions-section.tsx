import { Checkbox, Dropdown, Field, Option, Subtitle2, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TaskSetting } from '@sensorium/nodes/common';
import type { EventSettingsStoreInstance } from '../store';
import { useSectionStyles, type SectionProps } from './section';

const MOMENTS: { key: keyof TaskSetting; label: string }[] = [
  { key: 'taskCreated', label: 'event-settings.actions.onCreated' },
  { key: 'taskAcked', label: 'event-settings.actions.onAcked' },
  { key: 'taskCleared', label: 'event-settings.actions.onCleared' },
];

/** Device actions: a device's command when the event is created, acknowledged and cleared. */
export const ActionsSection = observer(function ActionsSection(props: SectionProps & { store: EventSettingsStoreInstance }) {
  const { settings, change, error, store } = props;
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const deviceName = (itemName: string) => store.devices.find((device) => device.itemName === itemName)?.displayName ?? itemName;
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.actions.heading')}</Subtitle2>
      {MOMENTS.map(({ key, label }) => {
        const action = settings.actions.task[key];
        const set = (recipe: (draft: typeof action) => void) => change((draft) => recipe(draft.actions.task[key]));
        const commands = store.commandsOf(action.device);
        const command = commands.find((candidate) => candidate.id === action.commandId);
        return (
          <div key={key} className={styles.row}>
            <Checkbox
              label={t(label)}
              checked={action.enable}
              onChange={(_, data) => set((draft) => void (draft.enable = data.checked === true))}
            />
            {action.enable && (
              <>
                <Field label={t('event-settings.actions.device')} className={styles.grow}>
                  <Dropdown
                    value={action.device ? deviceName(action.device) : ''}
                    selectedOptions={action.device ? [action.device] : []}
                    onOptionSelect={(_, data) =>
                      set((draft) => {
                        draft.device = data.optionValue ?? '';
                        draft.commandId = '';
                      })
                    }
                  >
                    {store.devices.map((device) => (
                      <Option key={device.itemName} value={device.itemName}>
                        {device.displayName}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
                <Field
                  label={t('event-settings.actions.commandId')}
                  className={styles.grow}
                  validationMessage={error(`actions.task.${key}.commandId`)}
                >
                  <Dropdown
                    value={command?.display ?? action.commandId}
                    placeholder={t('event-settings.actions.noCommand')}
                    selectedOptions={action.commandId ? [action.commandId] : []}
                    onOptionSelect={(_, data) => set((draft) => void (draft.commandId = data.optionValue ?? ''))}
                  >
                    {commands
                      .filter((candidate) => candidate.id !== '')
                      .map((candidate) => (
                        <Option key={candidate.id} value={candidate.id}>
                          {candidate.display}
                        </Option>
                      ))}
                  </Dropdown>
                </Field>
              </>
            )}
          </div>
        );
      })}
      {store.devices.length === 0 && <Text size={200}>{t('event-settings.actions.noDevices')}</Text>}
    </div>
  );
});
