import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectCreatorProps } from '@sensorium/applications/common';
import type { WizardStep } from '../store';
import { useProjectWizard } from '../use-project-wizard';
import { FinishedStep } from './finished-step';
import { ProjectInformationStep } from './project-information-step';
import { SelectTemplateStep } from './select-template-step';
import { StartStep } from './start-step';
import { TestingStep } from './testing-step';
import { ViewTemplateStep } from './view-template-step';

const useStyles = makeStyles({
  surface: {
    width: 'min(960px, calc(100vw - 16px))',
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
  },
  content: {
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: 'calc(100dvh - 160px)',
    overflowY: 'auto',
    overflowX: 'hidden',
  },
  back: { alignSelf: 'flex-start' },
});

const STEP_VIEWS: Record<Exclude<WizardStep, 'finished'>, () => ReactElement> = {
  start: () => <StartStep />,
  'select-template': () => <SelectTemplateStep />,
  'view-template': () => <ViewTemplateStep />,
  'project-information': () => <ProjectInformationStep />,
  testing: () => <TestingStep />,
};

/**
 * The project-creation wizard (shell spec §2.7), a modal over the Application List: a static backdrop and no keyboard
 * close (§2.5), a close button that cancels, Back on every step but the first and the finished one. It closes with
 * 'project-created' once a project exists, so the list reloads.
 */
const ProjectWizardDialog = observer(function ProjectWizardDialog(props: ProjectCreatorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const wizard = useProjectWizard();
  const { endCustomerId, open, onClose } = props;
  useEffect(() => {
    // The testing step is only in development and test builds.
    if (open) wizard.open(endCustomerId, !import.meta.env.PROD);
  }, [wizard, endCustomerId, open]);
  const result = () => (wizard.draft.projectId ? 'project-created' : null);
  return (
    // Neither the backdrop nor Escape closes it: onOpenChange is ignored.
    <Dialog open={open} modalType="alert" onOpenChange={() => undefined}>
      <DialogSurface className={styles.surface} aria-label={t('project-wizard.title')}>
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={t('project-wizard.close')}
                icon={<DismissRegular />}
                onClick={() => void onClose(result())}
              />
            }
          >
            {t('project-wizard.title')}
          </DialogTitle>
          <DialogContent className={styles.content} data-step={wizard.step}>
            {wizard.canGoBack && (
              <Button className={styles.back} appearance="transparent" icon={<ArrowLeftRegular />} onClick={() => wizard.back()}>
                {t('project-wizard.back')}
              </Button>
            )}
            {wizard.step === 'finished' ? (
              <FinishedStep onHomepage={() => onClose('project-created')} />
            ) : (
              STEP_VIEWS[wizard.step]()
            )}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});

export default ProjectWizardDialog;
