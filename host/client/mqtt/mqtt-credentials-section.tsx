import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, PageHeader, usePluginStore, type OrganisationSettingSectionProps } from '@sensorium/core/client';
import { MQTT_CREDENTIALS_STORE, type MqttCredentialsStore, type MqttCredentialsStoreInstance } from './mqtt-credentials-store';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const TEXT = 'shell.mqttCredentials';

/** The organisation's password, or the button that sets a new one (after a confirmation: its devices must follow). */
const PasswordPart = observer(function PasswordPart({ store }: { store: MqttCredentialsStoreInstance }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [confirming, setConfirming] = useState(false);
  const rotatedAt = store.view?.rotatedAt;
  return (
    <>
      <Text>
        {rotatedAt
          ? t(`${TEXT}.rotatedAt`, { when: new Date(rotatedAt).toLocaleString(i18n.language) })
          : t(`${TEXT}.noPassword`)}
      </Text>
      {store.password && (
        <Field label={t(`${TEXT}.newPassword`)} hint={t(`${TEXT}.shownOnce`)}>
          <Input readOnly value={store.password} onFocus={(event) => event.target.select()} />
        </Field>
      )}
      {store.rotating.failure && <Text role="alert">{store.rotating.failure.message ?? t(`${TEXT}.rotateFailed`)}</Text>}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={store.rotating.pending} onClick={() => setConfirming(true)}>
          {rotatedAt ? t(`${TEXT}.rotate`) : t(`${TEXT}.create`)}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={rotatedAt ? t(`${TEXT}.rotate`) : t(`${TEXT}.create`)}
          message={rotatedAt ? t(`${TEXT}.confirmRotate`) : t(`${TEXT}.confirmCreate`)}
          busy={store.rotating.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void store.rotate().then(() => setConfirming(false))}
        />
      )}
    </>
  );
});

/**
 * Advance Setting > Organisation Settings: how the organisation's devices (or its network server) connect to the
 * console's embedded MQTT broker: the broker's address, the username, and a password set or replaced here, shown once.
 */
export const MqttCredentialsSection = observer(function MqttCredentialsSection({
  organisationId,
}: OrganisationSettingSectionProps) {
  const store = usePluginStore<typeof MqttCredentialsStore>(MQTT_CREDENTIALS_STORE);
  const { t } = useTranslation();
  const styles = useStyles();
  const title = t(`${TEXT}.title`);
  const view = store.view;

  useEffect(() => void store.open(organisationId), [store, organisationId]);

  if (store.loading.pending && !view) return <Spinner size="small" label={title} />;
  return (
    <section className={styles.section} aria-label={title}>
      <PageHeader level={2} title={title} />
      {!view ? (
        <>
          <Text role="alert">{store.loading.failure?.message ?? t(`${TEXT}.loadFailed`)}</Text>
          <div>
            <Button onClick={() => void store.open(organisationId)}>{t(`${TEXT}.retry`)}</Button>
          </div>
        </>
      ) : !view.brokerUrl ? (
        <Text>{t(`${TEXT}.external`)}</Text>
      ) : (
        <>
          <Text>{t(`${TEXT}.intro`)}</Text>
          <Field label={t(`${TEXT}.brokerUrl`)}>
            <Input readOnly value={view.brokerUrl} />
          </Field>
          <Field label={t(`${TEXT}.username`)}>
            <Input readOnly value={view.username ?? ''} />
          </Field>
          {store.rotatable ? <PasswordPart store={store} /> : <Text>{t(`${TEXT}.operatorShared`)}</Text>}
        </>
      )}
    </section>
  );
});
