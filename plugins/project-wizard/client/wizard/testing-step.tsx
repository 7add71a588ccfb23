import {
  Button,
  makeStyles,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { getSnapshot } from 'mobx-state-tree';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useProjectWizard } from '../use-project-wizard';
import { useStepStyles } from './styles';

const useStyles = makeStyles({
  value: { overflowWrap: 'anywhere', wordBreak: 'break-word' },
  table: { tableLayout: 'fixed', width: '100%' },
});

/** Testing (shell spec §2.7, not in a production build): every field the wizard collected, as key and value. */
export const TestingStep = observer(function TestingStep() {
  const { t } = useTranslation();
  const styles = useStyles();
  const step = useStepStyles();
  const wizard = useProjectWizard();
  const fields = Object.entries(getSnapshot(wizard.draft));
  return (
    <div className={step.step}>
      <Subtitle1 as="h3">{t('project-wizard.testing.title')}</Subtitle1>
      <Table size="small" className={styles.table} aria-label={t('project-wizard.testing.title')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('project-wizard.testing.key')}</TableHeaderCell>
            <TableHeaderCell>{t('project-wizard.testing.value')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fields.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell className={styles.value}>{key}</TableCell>
              <TableCell className={styles.value}>{String(value ?? '')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className={step.actions}>
        <Button appearance="primary" onClick={() => wizard.finishTesting()}>
          {t('project-wizard.testing.continue')}
        </Button>
      </div>
    </div>
  );
});
