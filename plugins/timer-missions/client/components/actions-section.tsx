import { Button, Dropdown, Field, Option, Subtitle2, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EditorPart } from '@sensorium/core/client';
import { ACTION_TYPES, defaultAction, type MissionAction } from '../../common';
import type { TimerMissionsStoreInstance } from '../store';
import { PartErrors } from './part-errors';
import { useSectionStyles, type SectionProps } from './section';

/** The mission's actions: type Device, a device with commands, and one of its commands (list-device). */
export const ActionsSection = observer(function ActionsSection(props: SectionProps & { store: TimerMissionsStoreInstance }) {
  const { settings, change, errors, readOnly, store } = props;
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const set = (index: number, recipe: (draft: MissionAction) => void) => change((draft) => recipe(draft.actions[index]!));
  const deviceName = (itemName: string) =>
    store.devices.find((device) => device.itemName === itemName)?.itemDisplayName ?? itemName;
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('timer-missions.actions.heading')}</Subtitle2>
      {settings.actions.map((action, index) => {
        const label = t('timer-missions.actions.action', { number: index + 1 });
        const commands = store.commandsOf(action.deviceName);
        const command = commands.find((candidate) => candidate.id === action.commandId);
        return (
          <EditorPart
            key={index}
            label={label}
            removeLabel={`${t('timer-missions.actions.remove')} ${index + 1}`}
            readOnly={readOnly}
            onRemove={() => change((draft) => void draft.actions.splice(index, 1))}
            className={styles.section}
          >
            <div className={styles.row}>
              <Field label={t('timer-missions.actions.type')} className={styles.grow}>
                <Dropdown
                  value={t('timer-missions.actions.typeDevice')}
                  selectedOptions={[action.actionType]}
                  onOptionSelect={(_, data) =>
                    set(index, (draft) => {
                      // Another type clears the action's options (accounts spec §4).
                      if (data.optionValue === draft.actionType) return;
                      draft.actionType = (data.optionValue as MissionAction['actionType']) ?? 'Device';
                      draft.deviceName = '';
                      draft.commandId = '';
                    })
                  }
                >
                  {ACTION_TYPES.map((type) => (
                    <Option key={type} value={type}>
                      {t('timer-missions.actions.typeDevice')}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={t('timer-missions.actions.device')} className={styles.grow}>
                <Dropdown
                  value={action.deviceName ? deviceName(action.deviceName) : ''}
                  selectedOptions={action.deviceName ? [action.deviceName] : []}
                  onOptionSelect={(_, data) =>
                    set(index, (draft) => {
                      draft.deviceName = data.optionValue ?? '';
                      draft.commandId = '';
                    })
                  }
                >
                  {store.commandableDevices.map((device) => (
                    <Option key={device.itemName} value={device.itemName}>
                      {device.itemDisplayName}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={t('timer-missions.actions.command')} className={styles.grow}>
                <Dropdown
                  value={command?.display ?? action.commandId}
                  selectedOptions={action.commandId ? [action.commandId] : []}
                  onOptionSelect={(_, data) => set(index, (draft) => void (draft.commandId = data.optionValue ?? ''))}
                >
                  {commands.map((candidate) => (
                    <Option key={candidate.id} value={candidate.id}>
                      {candidate.display}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </div>
            <PartErrors messages={errors(`action-${index}`)} />
          </EditorPart>
        );
      })}
      {store.commandableDevices.length === 0 && <Text size={200}>{t('timer-missions.actions.noDevices')}</Text>}
      {!readOnly && (
        <div>
          <Button icon={<AddRegular />} onClick={() => change((draft) => void draft.actions.push(defaultAction()))}>
            {t('timer-missions.actions.add')}
          </Button>
        </div>
      )}
    </div>
  );
});
