import { Button, Field, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { appIdFromPath, useNotify } from '@sensorium/core/client';
import type { FieldSettingSectionProps } from '@sensorium/nodes/common';
import { DaysInput } from './keep-for-field';
import { changedFrom, choiceOf, choiceProblem, storedDays, type RetentionChoice } from './retention-choice';
import { useRetention } from './use-retention';

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
});

/** The field's choice, started from what is stored (remounted once it is loaded). */
const FieldRetentionForm = observer(function FieldRetentionForm(props: {
  appId: string;
  uuid: string;
  field: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const store = useRetention();
  const stored = store.fields.has(props.field) ? store.fields.get(props.field)! : undefined;
  const [choice, setChoice] = useState<RetentionChoice>(() => choiceOf(stored));
  const problem = choiceProblem(choice);
  const application = store.itemApplicationDays;

  const save = async () => {
    const days = choice.keep === 'application' ? undefined : storedDays(choice);
    const outcome = await store.saveField(props.appId, props.uuid, props.field, days);
    if (outcome.ok) notify({ intent: 'success', title: t('device-pipeline.retention.fieldSaved') });
    else
      notify({ intent: 'error', title: t('device-pipeline.retention.saveFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <>
      <div className={styles.line}>
        <Field label={t('device-pipeline.retention.fieldKeep')}>
          <Select
            value={choice.keep}
            disabled={!props.canWrite}
            onChange={(_, data) => setChoice({ ...choice, keep: data.value as RetentionChoice['keep'] })}
          >
            <option value="application">
              {application === null
                ? t('device-pipeline.retention.asApplicationForever')
                : t('device-pipeline.retention.asApplicationDays', { days: application })}
            </option>
            <option value="forever">{t('device-pipeline.retention.keepForever')}</option>
            <option value="days">{t('device-pipeline.retention.keepDays')}</option>
          </Select>
        </Field>
        {choice.keep === 'days' && (
          <DaysInput
            choice={choice}
            label={t('device-pipeline.retention.fieldDays')}
            problem={problem ? t(problem) : store.fieldSaving.fieldError('historyDays')}
            disabled={!props.canWrite}
            onChange={setChoice}
          />
        )}
        <Button
          icon={store.fieldSaving.pending ? <Spinner size="extra-tiny" /> : <SaveRegular />}
          disabled={!props.canWrite || problem !== null || !changedFrom(choice, stored) || store.fieldSaving.pending}
          onClick={() => void save()}
        >
          {t('device-pipeline.retention.fieldSave')}
        </Button>
      </div>
      <Text size={200}>{t('device-pipeline.retention.fieldHelp')}</Text>
    </>
  );
});

/**
 * Field Settings, History Retention (docs/retention.md): how long this field's history is kept, its application's
 * retention unless it has its own. It is stored by its own button at once, apart from the dialog's Save, because the
 * setting is the device pipeline's and not part of the field's preference.
 */
export const FieldRetentionSection = observer(function FieldRetentionSection({
  field,
  item,
  canWrite,
}: FieldSettingSectionProps) {
  const { t } = useTranslation();
  const store = useRetention();
  const appId = appIdFromPath(useLocation().pathname);
  useEffect(() => {
    if (appId) void store.openItem(appId, item.uuid);
  }, [store, appId, item.uuid]);
  if (!appId) return null;
  if (store.itemLoading.failed) return <Text role="alert">{t('device-pipeline.retention.loadFailed')}</Text>;
  if (!store.itemLoaded) return <Spinner size="tiny" />;
  return (
    <FieldRetentionForm key={`${item.uuid}\u0000${field}`} appId={appId} uuid={item.uuid} field={field} canWrite={canWrite} />
  );
});
