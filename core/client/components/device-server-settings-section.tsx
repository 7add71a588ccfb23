import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceServerFormErrors, type DeviceServerSettingsStore } from '../store/device-server-settings';
import { ConfirmDialog } from './confirm-dialog';
import { PageHeader } from './page-parts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const TEXT = 'core.client.deviceServer';

export interface DeviceServerSettingsSectionProps {
  store: DeviceServerSettingsStore;
  /** The organisation of the Organisation Settings page (OrganisationSettingSectionProps). */
  organisationId: string | null;
  /** The section's title, e.g. "ChirpStack API". */
  title: string;
  /** What the secret is called at this server, e.g. "API token" or "API key". */
  secretLabel: string;
}

/** The form of an organisation's own settings, starting from what is stored (re-mounted for each revision). */
const DeviceServerForm = observer(function DeviceServerForm(props: {
  store: DeviceServerSettingsStore;
  title: string;
  secretLabel: string;
}) {
  const { store, title, secretLabel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [apiUrl, setApiUrl] = useState(store.view?.apiUrl ?? '');
  const [secret, setSecret] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const masked = store.view?.secretMasked;

  const form = { apiUrl, secret };
  const errors = deviceServerFormErrors(form, store.secretStored);
  const problem = (field: 'apiUrl' | 'secret') => {
    const message = (tried && errors[field] ? t(errors[field]) : undefined) ?? store.saving.fieldError(field);
    return message ? { validationState: 'error' as const, validationMessage: message } : {};
  };
  const edit = (set: (value: string) => void) => (_: unknown, data: { value: string }) => {
    set(data.value);
    store.edited();
  };
  const failure = store.clearing.failure ?? (store.saving.failure?.fields.size === 0 ? store.saving.failure : null);

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (Object.keys(errors).length === 0) void store.save(form);
      }}
    >
      <Field label={t(`${TEXT}.apiUrl`)} required {...problem('apiUrl')}>
        <Input type="url" value={apiUrl} placeholder="https://" onChange={edit(setApiUrl)} />
      </Field>
      <Field
        label={secretLabel}
        required={!store.secretStored}
        hint={masked ? t(`${TEXT}.keepSecret`, { masked }) : undefined}
        {...problem('secret')}
      >
        <Input type="password" autoComplete="new-password" value={secret} onChange={edit(setSecret)} />
      </Field>
      {failure && <Text role="alert">{failure.message ?? t(`${TEXT}.saveFailed`)}</Text>}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={store.saving.pending}>
          {t(`${TEXT}.save`)}
        </Button>
        {store.source === 'own' && (
          <Button disabled={store.clearing.pending} onClick={() => setConfirming(true)}>
            {t(`${TEXT}.useDefault`)}
          </Button>
        )}
        {store.saved && <Text role="status">{t(`${TEXT}.saved`)}</Text>}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(`${TEXT}.useDefault`)}
          message={t(`${TEXT}.confirmUseDefault`, { name: title })}
          busy={store.clearing.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void store.clear().then((ok) => ok && setConfirming(false))}
        />
      )}
    </form>
  );
});

/**
 * One device server's API settings of an organisation: which apply (its own or the operator's default), and a form to
 * set or replace them (an empty secret keeps the stored one) or to go back to the operator's default.
 */
export const DeviceServerSettingsSection = observer(function DeviceServerSettingsSection(
  props: DeviceServerSettingsSectionProps,
) {
  const { store, organisationId, title, secretLabel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const view = store.view;

  useEffect(() => void store.open(organisationId), [store, organisationId]);

  if (store.loading.pending && !view) return <Spinner size="small" label={title} />;
  if (!view) {
    return (
      <section className={styles.section} aria-label={title}>
        <PageHeader level={2} title={title} />
        <Text role="alert">{store.loading.failure?.message ?? t(`${TEXT}.loadFailed`)}</Text>
        <div>
          <Button onClick={() => void store.open(organisationId)}>{t(`${TEXT}.retry`)}</Button>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-label={title}>
      <PageHeader level={2} title={title} />
      <Text>
        <strong>{t(`${TEXT}.inUse`)}</strong> {t(`${TEXT}.source.${store.source}`)}
      </Text>
      <Text>
        {view.operator.apiUrl ? t(`${TEXT}.operatorDefault`, { url: view.operator.apiUrl }) : t(`${TEXT}.operatorNone`)}
      </Text>
      {store.editable ? (
        <DeviceServerForm key={store.revision} store={store} title={title} secretLabel={secretLabel} />
      ) : (
        <Text>{t(`${TEXT}.chooseOrganisation`)}</Text>
      )}
    </section>
  );
});
