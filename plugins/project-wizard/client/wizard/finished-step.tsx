import { Button, Spinner, Subtitle1, Text } from '@fluentui/react-components';
import { CheckmarkCircleRegular, HomeRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepStyles } from './styles';

/** Finished (shell spec §2.7): the Homepage button refreshes the application list, then the wizard closes. */
export function FinishedStep(props: { onHomepage(): Promise<void> }) {
  const { t } = useTranslation();
  const step = useStepStyles();
  const [busy, setBusy] = useState(false);
  return (
    <div className={step.step}>
      <CheckmarkCircleRegular fontSize={48} aria-hidden />
      <Subtitle1 as="h3">{t('project-wizard.finished.title')}</Subtitle1>
      <Text>{t('project-wizard.finished.message')}</Text>
      <div className={step.actions}>
        <Button
          appearance="primary"
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : <HomeRegular />}
          onClick={() => {
            setBusy(true);
            void props.onHomepage();
          }}
        >
          {t('project-wizard.finished.homepage')}
        </Button>
      </div>
    </div>
  );
}
