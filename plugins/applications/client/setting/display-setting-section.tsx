import { Button, makeStyles, Subtitle2, Text, tokens, Tooltip } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify, type Outcome } from '@sensorium/core/client';
import { useApplications } from '../use-applications';
import { useLogoUrl } from '../use-logo-url';
import { LOGO_MIME_TYPES, type ApplicationDetail } from '../../common';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  upload: { width: '160px', height: '100px', padding: tokens.spacingVerticalXS },
  logo: { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
});

/**
 * Display Setting (shell spec §2.8, §7): the logo upload button shows the current logo (an image tag, so the access
 * token and a cache-busting time go in the query) or "No image logo"; the delete icon asks first. The store uploads and
 * removes it.
 */
export const DisplaySettingSection = observer(function DisplaySettingSection(props: {
  app: ApplicationDetail;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { detail } = useApplications();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { app } = props;
  const logoUrl = useLogoUrl(app);

  const change = async (call: () => Promise<Outcome<ApplicationDetail>>) => {
    const outcome = await call();
    if (!outcome.ok) {
      notify({ intent: 'error', title: t('applications.setting.logoFailed'), body: outcome.failure.message ?? undefined });
    }
  };
  const upload = (file: File) => change(() => detail.uploadLogo(file));

  return (
    <section className={styles.section} aria-label={t('applications.setting.display')}>
      <Subtitle2 as="h2">{t('applications.setting.display')}</Subtitle2>
      <Text>{t('applications.setting.logo')}</Text>
      <div className={styles.row}>
        <Button
          className={styles.upload}
          aria-label={t('applications.setting.uploadLogo')}
          disabled={!props.canChange}
          onClick={() => input.current?.click()}
        >
          {logoUrl ? <img className={styles.logo} src={logoUrl} alt={app.name} /> : t('applications.setting.noLogo')}
        </Button>
        {app.logo && (
          <Tooltip content={t('applications.setting.deleteLogo')} relationship="label">
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={!props.canChange}
              onClick={() => setConfirming(true)}
            />
          </Tooltip>
        )}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="logo-file"
          accept={LOGO_MIME_TYPES.join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('applications.setting.deleteLogo')}
          message={t('applications.setting.confirmDeleteLogo')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void change(() => detail.deleteLogo());
          }}
        />
      )}
    </section>
  );
});
