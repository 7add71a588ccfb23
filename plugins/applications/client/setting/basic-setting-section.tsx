import { Button, Field, Input, makeStyles, Spinner, Subtitle2, Textarea, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowUndoRegular, CheckmarkCircleRegular, EditRegular, SaveRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SaveIconState } from '../save-icon-state';
import type { SettingForm } from '../setting-form';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '560px' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  success: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
});

/** Basic Setting (shell spec §2.8): the save icon, a read-only ID, and Name and Description, editable while editing. */
export function BasicSettingSection(props: {
  appId: string;
  form: SettingForm;
  state: SaveIconState;
  /** Without the setting permission the form stays read-only. */
  canEdit: boolean;
  onChange(form: SettingForm): void;
  onEdit(): void;
  onSave(): void;
  onRevert(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { form, state } = props;
  const editing = state === 'editing';
  return (
    <section className={styles.section} aria-label={t('applications.setting.basic')}>
      <div className={styles.header} data-testid="save-icon" data-state={state}>
        <Subtitle2 as="h2">{t('applications.setting.basic')}</Subtitle2>
        {state === 'cold' && (
          <Tooltip content={t('applications.setting.edit')} relationship="label">
            <Button appearance="subtle" icon={<EditRegular />} disabled={!props.canEdit} onClick={props.onEdit} />
          </Tooltip>
        )}
        {editing && (
          <>
            <Tooltip content={t('applications.setting.save')} relationship="label">
              <Button appearance="subtle" icon={<SaveRegular />} onClick={props.onSave} />
            </Tooltip>
            <Tooltip content={t('applications.setting.revert')} relationship="label">
              <Button appearance="subtle" icon={<ArrowUndoRegular />} onClick={props.onRevert} />
            </Tooltip>
          </>
        )}
        {state === 'saving' && <Spinner size="tiny" aria-label={t('applications.setting.saving')} />}
        {state === 'save_success' && (
          <CheckmarkCircleRegular className={styles.success} role="img" aria-label={t('applications.setting.saved')} />
        )}
      </div>
      <Field label={t('applications.setting.id')}>
        <Input value={props.appId} readOnly />
      </Field>
      <Field
        label={t('applications.setting.name')}
        required
        validationMessage={form.name.trim() ? undefined : t('applications.validation.fillOutForm')}
      >
        <Input
          value={form.name}
          readOnly={!editing}
          maxLength={100}
          onChange={(_, data) => props.onChange({ ...form, name: data.value })}
        />
      </Field>
      <Field label={t('applications.setting.description')}>
        <Textarea
          value={form.description}
          readOnly={!editing}
          maxLength={500}
          onChange={(_, data) => props.onChange({ ...form, description: data.value })}
        />
      </Field>
    </section>
  );
}
