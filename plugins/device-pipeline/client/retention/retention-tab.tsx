import { Button, makeStyles, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSettingTabProps } from '@sensorium/applications/common';
import { useNotify } from '@sensorium/core/client';
import type { ApplicationRetention } from '../../common';
import { KeepForField } from './keep-for-field';
import { changedFrom, choiceOf, choiceProblem, storedDays, type RetentionChoice } from './retention-choice';
import { useRetention } from './use-retention';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

/** The form, started from the stored settings (remounted when they are loaded for another application). */
const RetentionForm = observer(function RetentionForm({ stored }: { stored: ApplicationRetention }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const store = useRetention();
  const [raw, setRaw] = useState<RetentionChoice>(() => choiceOf(stored.rawDays));
  const [history, setHistory] = useState<RetentionChoice>(() => choiceOf(stored.historyDays));
  const problemOf = (choice: RetentionChoice, field: keyof ApplicationRetention) => {
    const problem = choiceProblem(choice);
    return problem ? t(problem) : store.saving.fieldError(field);
  };
  const changed = changedFrom(raw, store.rawDays) || changedFrom(history, store.historyDays);
  const invalid = choiceProblem(raw) !== null || choiceProblem(history) !== null;

  const save = async () => {
    const outcome = await store.saveApplication({ rawDays: storedDays(raw), historyDays: storedDays(history) });
    if (outcome.ok) notify({ intent: 'success', title: t('device-pipeline.retention.saved') });
    else
      notify({ intent: 'error', title: t('device-pipeline.retention.saveFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <>
      <KeepForField
        label={t('device-pipeline.retention.raw')}
        hint={t('device-pipeline.retention.rawHint')}
        choice={raw}
        problem={problemOf(raw, 'rawDays')}
        onChange={setRaw}
      />
      <KeepForField
        label={t('device-pipeline.retention.history')}
        hint={t('device-pipeline.retention.historyHint')}
        choice={history}
        problem={problemOf(history, 'historyDays')}
        onChange={setHistory}
      />
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={store.saving.pending ? <Spinner size="extra-tiny" /> : <SaveRegular />}
          disabled={!changed || invalid || store.saving.pending}
          onClick={() => void save()}
        >
          {t('device-pipeline.retention.save')}
        </Button>
      </div>
    </>
  );
});

/**
 * Application Setting, Data Retention tab (docs/retention.md): how long the application keeps its raw data and its
 * field history, forever (the default) or a number of days; older data is deleted within the hour.
 */
export const RetentionTab = observer(function RetentionTab({ appId }: ApplicationSettingTabProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useRetention();
  useEffect(() => void store.openApplication(appId), [store, appId]);
  const ready = store.loaded && store.appId === appId;
  return (
    <section className={styles.tab} aria-label={t('device-pipeline.retention.title')}>
      <Subtitle2 as="h2">{t('device-pipeline.retention.title')}</Subtitle2>
      <Text>{t('device-pipeline.retention.help')}</Text>
      {store.loading.failed && <Text role="alert">{t('device-pipeline.retention.loadFailed')}</Text>}
      {!ready && !store.loading.failed && <Spinner size="tiny" />}
      {ready && <RetentionForm key={appId} stored={{ rawDays: store.rawDays, historyDays: store.historyDays }} />}
    </section>
  );
});
