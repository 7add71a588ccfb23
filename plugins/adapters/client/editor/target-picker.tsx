import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TargetKind } from '../../common/types';
import type { AdapterEditorStoreInstance } from '../store';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  field: { flex: '1 1 200px', minWidth: 0 },
  // A native select is as wide as its longest option (a device's long name) unless it may shrink: it then cuts the
  // shown name off instead of widening the page past a phone's screen.
  select: { minWidth: 0, maxWidth: '100%' },
});

/** The application, then whether the script is a device's or a device profile's (cloud users), then which. */
function TargetPicker({ store }: { store: AdapterEditorStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const hasProfiles = store.targets.some((target) => target.kind === 'profile');
  return (
    <div className={styles.row}>
      <Field className={styles.field} label={t('adapters.application')}>
        <Select
          className={styles.select}
          value={store.appId}
          onChange={(_event, data) => void store.chooseApplication(data.value)}
        >
          <option value="" disabled>
            {t('adapters.chooseApplication')}
          </option>
          {store.applications.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </Select>
      </Field>
      {hasProfiles && (
        <Field className={styles.field} label={t('adapters.targetKind')}>
          <Select
            className={styles.select}
            value={store.targetKind}
            onChange={(_event, data) => store.chooseKind(data.value as TargetKind)}
          >
            <option value="item">{t('adapters.kindItem')}</option>
            <option value="profile">{t('adapters.kindProfile')}</option>
          </Select>
        </Field>
      )}
      <Field
        className={styles.field}
        label={t('adapters.target')}
        validationMessage={
          store.loadingTargets.failure ? (store.loadingTargets.failure.message ?? t('adapters.targetsFailed')) : undefined
        }
        hint={
          store.appId && !store.loadingTargets.pending && store.targetsOfKind.length === 0 ? t('adapters.noTargets') : undefined
        }
      >
        <Select className={styles.select} value={store.targetId} onChange={(_event, data) => void store.chooseTarget(data.value)}>
          <option value="" disabled>
            {t('adapters.chooseTarget')}
          </option>
          {store.targetsOfKind.map((target) => (
            <option key={target.id} value={target.id}>
              {target.hasScript ? t('adapters.hasScript', { name: target.name }) : target.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

export default observer(TargetPicker);
