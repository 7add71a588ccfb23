import { Dropdown, Field, Input, Option, Subtitle2, Switch, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RULE_SEVERITY_LEVELS } from '../../common';
import { useSectionStyles, type SectionProps } from './section';

/** Name, severity level, description, enabled, instant clear and auto clear. */
export function BasicSection({ settings, change, error }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const severityText = (level: number) => t(`event-settings.severity.${level}`);
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.basic.heading')}</Subtitle2>
      <div className={styles.row}>
        <Field label={t('event-settings.basic.name')} required validationMessage={error('name')} className={styles.grow}>
          <Input value={settings.name} maxLength={50} onChange={(_, data) => change((draft) => void (draft.name = data.value))} />
        </Field>
        <Field label={t('event-settings.severity.label')} validationMessage={error('severity')} className={styles.grow}>
          <Dropdown
            value={severityText(settings.severity)}
            selectedOptions={[String(settings.severity)]}
            onOptionSelect={(_, data) => change((draft) => void (draft.severity = Number(data.optionValue)))}
          >
            {RULE_SEVERITY_LEVELS.map((_, level) => (
              <Option key={level} value={String(level)}>
                {severityText(level)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <Field label={t('event-settings.basic.description')} validationMessage={error('description')}>
        <Textarea
          value={settings.description}
          maxLength={500}
          onChange={(_, data) => change((draft) => void (draft.description = data.value))}
        />
      </Field>
      <div className={styles.row}>
        <Switch
          label={t('event-settings.basic.enabled')}
          checked={settings.enabled}
          onChange={(_, data) => change((draft) => void (draft.enabled = data.checked))}
        />
        <Field hint={t('event-settings.basic.instantClearHint')}>
          <Switch
            label={t('event-settings.basic.instantClear')}
            checked={settings.instantClear}
            onChange={(_, data) => change((draft) => void (draft.instantClear = data.checked))}
          />
        </Field>
        <Field hint={t('event-settings.basic.autoClearHint')}>
          <Switch
            label={t('event-settings.basic.autoClear')}
            checked={settings.autoClear}
            onChange={(_, data) => change((draft) => void (draft.autoClear = data.checked))}
          />
        </Field>
      </div>
    </div>
  );
}
