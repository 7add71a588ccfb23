import { Subtitle1, Text } from '@fluentui/react-components';
import { DocumentBulletListRegular, DrawShapeRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useProjectWizard } from '../use-project-wizard';
import { ChoiceCard } from './choice-card';
import { useStepStyles } from './styles';

/** Start (shell spec §2.7): Use a template or Create from a sketch; picking one stores it and goes on. */
export const StartStep = observer(function StartStep() {
  const { t } = useTranslation();
  const styles = useStepStyles();
  const wizard = useProjectWizard();
  return (
    <div className={styles.step}>
      <div className={styles.heading}>
        <Subtitle1 as="h3">{t('project-wizard.start.title')}</Subtitle1>
        <Text>{t('project-wizard.start.subtitle')}</Text>
      </div>
      <div className={styles.grid}>
        <ChoiceCard
          media={<DocumentBulletListRegular fontSize={32} />}
          title={t('project-wizard.start.useTemplate.title')}
          description={t('project-wizard.start.useTemplate.description')}
          selected={wizard.draft.startInfo === 'use-template'}
          onPick={() => wizard.chooseStart('use-template')}
        />
        <ChoiceCard
          media={<DrawShapeRegular fontSize={32} />}
          title={t('project-wizard.start.createNew.title')}
          description={t('project-wizard.start.createNew.description')}
          selected={wizard.draft.startInfo === 'create-new'}
          onPick={() => wizard.chooseStart('create-new')}
        />
      </div>
    </div>
  );
});
