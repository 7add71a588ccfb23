import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '@sensorium/core/client';
import { BACKGROUND_IMAGE_MAX_BYTES, BACKGROUND_IMAGE_TYPES } from '../../common';
import { backgroundImageUrl } from '../background-url';
import type { BackgroundChoice } from '../api';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  preview: {
    width: '160px',
    height: '90px',
    objectFit: 'cover',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  none: {
    width: '160px',
    height: '90px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground3,
  },
  hidden: { display: 'none' },
});

/** Background image: upload one (checked here for type and size, and again by the server) or none, with a preview. */
export function BackgroundField(props: { value: BackgroundChoice; onChange(value: BackgroundChoice): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { tokens: session } = useConsole();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { value } = props;

  const fileUrl = useMemo(() => (value.kind === 'file' ? URL.createObjectURL(value.file) : null), [value]);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const previewUrl = value.kind === 'stored' ? backgroundImageUrl(value.image, session.accessToken) : fileUrl;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(file.type in BACKGROUND_IMAGE_TYPES)) setError(t('themes.validation.imageType'));
    else if (file.size > BACKGROUND_IMAGE_MAX_BYTES) setError(t('themes.validation.imageTooLarge'));
    else {
      setError(null);
      props.onChange({ kind: 'file', file });
    }
  };

  return (
    <Field label={t('themes.form.backgroundImage')} validationMessage={error ?? undefined}>
      <div className={styles.row}>
        {previewUrl ? (
          <img className={styles.preview} src={previewUrl} alt={t('themes.form.preview')} />
        ) : (
          <Text className={styles.none}>{t('themes.form.noImage')}</Text>
        )}
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept={Object.keys(BACKGROUND_IMAGE_TYPES).join(',')}
          aria-label={t('themes.form.upload')}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
          {t('themes.form.upload')}
        </Button>
        {value.kind !== 'none' && (
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => props.onChange({ kind: 'none' })}>
            {t('themes.form.removeImage')}
          </Button>
        )}
      </div>
    </Field>
  );
}
