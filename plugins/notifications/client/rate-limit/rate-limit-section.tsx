import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore, type OrganisationSettingSectionProps } from '@sensorium/core/client';
import type { RateLimit } from '../../common';
import { OrganisationSectionFrame } from '../organisation-section-frame';
import {
  RATE_LIMIT_STORE,
  rateLimitFormErrors,
  type RateLimitForm,
  type RateLimitStore,
  type RateLimitStoreInstance,
} from './store';

const useStyles = makeStyles({
  numbers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const TEXT = 'notifications.rateLimit';

/**
 * Organisation Settings > Notification Rate Limit (beside Notification Providers): how many messages one contact gets
 * on one channel within a window, the organisation's own or the default. A cloud user chooses an organisation first.
 */
export const RateLimitSection = observer(function RateLimitSection({ organisationId }: OrganisationSettingSectionProps) {
  const { t } = useTranslation();
  const store = usePluginStore<typeof RateLimitStore>(RATE_LIMIT_STORE);

  useEffect(() => void store.open(organisationId), [store, organisationId]);

  return (
    <OrganisationSectionFrame
      texts={TEXT}
      pending={store.loading.pending}
      loaded={Boolean(store.answer)}
      failure={store.loading.failure?.message}
      retry={() => void store.open(organisationId)}
    >
      {() => (
        <>
          <Text>
            <strong>{t(`${TEXT}.inUse`)}</strong> {t(`${TEXT}.${store.answer?.own ? 'own' : 'default'}`)}
          </Text>
          {store.needsOrganisation ? (
            <Text>{t(`${TEXT}.chooseOrganisation`)}</Text>
          ) : (
            <RateLimitFormView key={store.revision} store={store} />
          )}
        </>
      )}
    </OrganisationSectionFrame>
  );
});

/** The limit's two numbers, starting from the answer (re-mounted for each one), checked as the server checks them. */
const RateLimitFormView = observer(function RateLimitFormView({ store }: { store: RateLimitStoreInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState<RateLimitForm>(() => ({
    maxSent: String(store.answer?.maxSent ?? ''),
    windowMinutes: String(store.answer?.windowMinutes ?? ''),
  }));
  const errors = rateLimitFormErrors(form);
  const number = (field: keyof RateLimit) => {
    const own = errors[field];
    const message = own ? t(own.key, own.params) : store.saving.fieldError(field);
    return (
      <Field label={t(`${TEXT}.${field}`)} validationMessage={message} validationState={message ? 'error' : 'none'}>
        <Input
          type="number"
          value={form[field]}
          onChange={(_, data) => {
            setForm((before) => ({ ...before, [field]: data.value }));
            store.edited();
          }}
        />
      </Field>
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void store.save(form);
      }}
    >
      <div className={styles.numbers}>
        {number('maxSent')}
        {number('windowMinutes')}
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={store.saving.pending || Object.keys(errors).length > 0}>
          {t(`${TEXT}.save`)}
        </Button>
        {store.saved && <Text role="status">{t(`${TEXT}.saved`)}</Text>}
        {store.saving.failure && Object.keys(store.saving.failure.fields).length === 0 && (
          <Text role="alert">{store.saving.failure.message}</Text>
        )}
      </div>
    </form>
  );
});
