import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Text,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useProjectWizard } from '../use-project-wizard';
import { ChoiceCard } from './choice-card';
import { useStepStyles } from './styles';
import { TemplateThumbnail } from './template-thumbnail';

const SKELETON_CARDS = 6;

const useStyles = makeStyles({
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  skeletonImage: { aspectRatio: '16 / 10', height: 'auto' },
});

/**
 * Select a template (shell spec §2.7): tag buttons (All first and default), the cards, skeleton cards while loading,
 * the failure with Retry, and the empty category message. Picking a card goes on; Continue without one says so.
 */
export const SelectTemplateStep = observer(function SelectTemplateStep() {
  const { t } = useTranslation();
  const styles = useStyles();
  const step = useStepStyles();
  const wizard = useProjectWizard();
  const loading = wizard.loadingTemplates.pending;
  const failed = wizard.loadingTemplates.failed;
  const tagButton = (id: string | null, name: string) => (
    <ToggleButton
      key={id ?? ''}
      size="small"
      checked={wizard.tag === id}
      appearance={wizard.tag === id ? 'primary' : 'secondary'}
      onClick={() => void wizard.filterByTag(id)}
    >
      {name}
    </ToggleButton>
  );
  return (
    <div className={step.step}>
      <Subtitle1 as="h3">{t('project-wizard.select.title')}</Subtitle1>
      <div className={styles.tags} role="group" aria-label={t('project-wizard.select.tags')}>
        {tagButton(null, t('project-wizard.select.all'))}
        {wizard.tags.map((tag) => tagButton(tag.id, tag.name))}
      </div>
      {loading && (
        <div className={step.grid} aria-busy="true" aria-label={t('project-wizard.select.loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} className={styles.skeleton}>
              <SkeletonItem className={styles.skeletonImage} />
              <SkeletonItem />
              <SkeletonItem size={12} />
            </Skeleton>
          ))}
        </div>
      )}
      {!loading && failed && (
        <MessageBar intent="error">
          <MessageBarBody className={step.message}>
            {wizard.loadingTemplates.failure?.message ?? t('project-wizard.select.failed')}
            <Button size="small" onClick={() => void wizard.loadTemplates()}>
              {t('project-wizard.select.retry')}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {!loading && !failed && wizard.templatesLoaded && wizard.templates.length === 0 && (
        <Text>{t('project-wizard.select.empty')}</Text>
      )}
      {!loading && !failed && (
        <div className={step.grid}>
          {wizard.templates.map((template) => (
            <ChoiceCard
              key={template.id}
              testId={`template-${template.id}`}
              media={<TemplateThumbnail name={template.name} thumbnail={template.thumbnail} />}
              title={template.name}
              description={template.description || t('project-wizard.select.noDescription')}
              selected={wizard.draft.templateId === template.id}
              onPick={() => void wizard.pickTemplate(template)}
            />
          ))}
        </div>
      )}
      {wizard.selectionMissing && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('project-wizard.select.noneChosen')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={step.actions}>
        <Button appearance="primary" onClick={() => void wizard.continueFromList()}>
          {t('project-wizard.select.continue')}
        </Button>
      </div>
    </div>
  );
});
