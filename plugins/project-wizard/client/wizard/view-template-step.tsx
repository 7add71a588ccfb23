import { Button, makeStyles, Spinner, Subtitle1, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useProjectWizard } from '../use-project-wizard';
import { useStepStyles } from './styles';
import { TemplateThumbnail } from './template-thumbnail';

const useStyles = makeStyles({
  sites: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
  thumbnail: { maxWidth: '480px', width: '100%' },
});

/**
 * View template (shell spec §2.7): name, description, thumbnail and Confirm; what the project will hold; "Loading
 * template details..." meanwhile, and "Unable to load template details." with Retry when any of the four is missing.
 */
export const ViewTemplateStep = observer(function ViewTemplateStep() {
  const { t } = useTranslation();
  const styles = useStyles();
  const step = useStepStyles();
  const wizard = useProjectWizard();
  const detail = wizard.detail;
  if (wizard.loadingDetail.pending) {
    return <Spinner size="small" label={t('project-wizard.view.loading')} />;
  }
  if (!detail || !wizard.detailComplete) {
    return (
      <div className={step.message}>
        <Text>{t('project-wizard.view.unavailable')}</Text>
        <Button size="small" onClick={() => void wizard.loadDetail()}>
          {t('project-wizard.view.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={step.step}>
      <div className={step.heading}>
        <Subtitle1 as="h3">{detail.name}</Subtitle1>
        <Text>{detail.description}</Text>
      </div>
      <div className={styles.thumbnail}>
        <TemplateThumbnail name={detail.name} thumbnail={detail.thumbnail} />
      </div>
      <Text>{t('project-wizard.view.contents', { count: detail.widgetCount })}</Text>
      <ul className={styles.sites}>
        {detail.sites.map((site) => (
          <li key={site.name}>
            <Text weight="semibold">{site.displayName}</Text>
            <Text>: {site.devices.map((device) => `${device.displayName} (${device.profile})`).join(', ')}</Text>
          </li>
        ))}
      </ul>
      <div className={step.actions}>
        <Button appearance="primary" onClick={() => wizard.confirmTemplate()}>
          {t('project-wizard.view.confirm')}
        </Button>
      </div>
    </div>
  );
});
