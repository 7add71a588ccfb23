import { Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { NEW_THEME_DEFAULTS, ThemeProfileInput, type ThemeProfile } from '../../common';
import type { BackgroundChoice } from '../api';
import { useThemes } from '../use-themes';
import { BackgroundField } from './background-field';
import { ColorField } from './color-field';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * Add or edit a theme (shell spec §2.9). The backdrop does not close it (modalType alert); Save stays disabled while
 * the shared input model finds an error, and the name's error shows once the field has been touched. The store saves.
 */
export const ThemeDialog = observer(function ThemeDialog(props: {
  theme: ThemeProfile | null;
  onSaved(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const store = useThemes();
  const dashboard = props.theme?.theme.dashboard ?? NEW_THEME_DEFAULTS.dashboard;
  const [name, setName] = useState(props.theme?.name ?? NEW_THEME_DEFAULTS.name);
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState(props.theme?.description ?? NEW_THEME_DEFAULTS.description);
  const [panelColor, setPanelColor] = useState(dashboard.panelColor);
  const [fontColor, setFontColor] = useState(dashboard.fontColor);
  const [background, setBackground] = useState<BackgroundChoice>(
    dashboard.backgroundImage ? { kind: 'stored', image: dashboard.backgroundImage } : { kind: 'none' },
  );

  const input = plainToInstance(ThemeProfileInput, { name, description, theme: { dashboard: { panelColor, fontColor } } });
  const errors = validateSync(input);
  const nameInvalid = errors.some((error) => error.property === 'name');

  const save = async () => {
    const outcome = await store.save(props.theme, input, background);
    if (outcome.ok) {
      notify({ intent: 'success', title: t('themes.saved') });
      props.onSaved();
    } else {
      notify({ intent: 'error', title: t('themes.saveFailed'), body: outcome.failure.message ?? undefined });
    }
  };

  return (
    <ConfirmDialog
      title={props.theme ? t('themes.editTitle') : t('themes.add')}
      confirmLabel={t('themes.form.save')}
      busy={store.saving.pending}
      invalid={errors.length > 0}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <div className={styles.form}>
        <Field
          label={t('themes.form.name')}
          required
          validationMessage={nameTouched && nameInvalid ? t('themes.validation.nameRequired') : undefined}
        >
          <Input
            value={name}
            maxLength={100}
            onChange={(_, data) => {
              setName(data.value);
              setNameTouched(true);
            }}
            onBlur={() => setNameTouched(true)}
          />
        </Field>
        <Field label={t('themes.form.description')}>
          <Textarea value={description} maxLength={500} onChange={(_, data) => setDescription(data.value)} />
        </Field>
        <BackgroundField value={background} onChange={setBackground} />
        <ColorField label={t('themes.form.panelColor')} value={panelColor} onChange={setPanelColor} />
        <ColorField label={t('themes.form.fontColor')} value={fontColor} onChange={setFontColor} />
      </div>
    </ConfirmDialog>
  );
});
