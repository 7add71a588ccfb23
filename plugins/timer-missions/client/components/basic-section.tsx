import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MISSION_DESC_MAX_LENGTH, MISSION_NAME_MAX_LENGTH } from '../../common';
import { PartErrors } from './part-errors';
import { useSectionStyles, type SectionProps } from './section';

/** The mission's name and description. */
export function BasicSection({ settings, change, errors }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  return (
    <div className={styles.section}>
      <Field label={t('timer-missions.basic.name')} required>
        <Input
          value={settings.missionName}
          maxLength={MISSION_NAME_MAX_LENGTH}
          onChange={(_, data) => change((draft) => void (draft.missionName = data.value))}
        />
      </Field>
      <Field label={t('timer-missions.basic.desc')}>
        <Textarea
          value={settings.desc}
          maxLength={MISSION_DESC_MAX_LENGTH}
          onChange={(_, data) => change((draft) => void (draft.desc = data.value))}
        />
      </Field>
      <PartErrors messages={errors('basic')} />
    </div>
  );
}
