import {
  Badge,
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Textarea,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { severityPresentation } from '@sensorium/applications/common';
import { usePluginStore } from '@sensorium/core/client';
import { EventDetails } from './event-details';
import type { PublicAlertStore, PublicAlertStoreInstance } from './store';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground2,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalM },
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, maxWidth: '560px', width: '100%' },
  logo: { maxHeight: '48px', maxWidth: '120px', objectFit: 'contain' },
  appName: { overflowWrap: 'anywhere' },
  card: { width: '100%', maxWidth: '560px', boxSizing: 'border-box', padding: 0, overflow: 'hidden' },
  band: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  bandTitle: { flex: '1 1 auto', overflowWrap: 'anywhere' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  question: { flex: '1 1 100%' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

/**
 * The public alert viewer (route public/event/{payload}, accounts §2, §4, §8): full page without sign-in, the link's
 * event with every field, the application's name and logo, and ACK or Clear after a confirmation when the link allows it.
 */
export default function PublicEventPage() {
  const { payload = '' } = useParams();
  return <PublicEvent key={payload} payload={payload} />;
}

const PublicEvent = observer(function PublicEvent({ payload }: { payload: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const store = usePluginStore<typeof PublicAlertStore>('publicAlert');
  useEffect(() => void store.load(payload), [store, payload]);

  const loaded = store.payload === payload && !store.loading.pending;
  return (
    <main className={styles.page}>
      {loaded && store.event && (
        <div className={styles.brand}>
          {store.appLogo && (
            <img className={styles.logo} src={store.appLogo} alt={t('public-alert.logoAlt', { name: store.appName })} />
          )}
          <Title2 as="h1" className={styles.appName}>
            {store.appName}
          </Title2>
        </div>
      )}
      <Card className={styles.card}>
        {!loaded ? (
          <div className={styles.body}>
            <Spinner label={t('public-alert.loading')} />
          </div>
        ) : (
          <AlertCard store={store} />
        )}
      </Card>
    </main>
  );
});

const AlertCard = observer(function AlertCard({ store }: { store: PublicAlertStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const event = store.event;
  const level = store.severityStyle;
  // The application's own colour of the level (accounts §4's white, yellow, orange, purple, red by default).
  const style = severityPresentation(store.appSetting, level, t);
  return (
    <>
      {event && (
        <div
          className={styles.band}
          data-severity-style={level}
          style={{
            backgroundColor: style.background,
            color: style.text,
          }}
        >
          <Title3 as="h2" className={styles.bandTitle}>
            {event.description || t('public-alert.title')}
          </Title3>
          {store.isHistory && <Badge appearance="tint">{t('public-alert.history')}</Badge>}
          <Badge appearance="tint" color={event.resumeStatus ? 'success' : 'informative'}>
            {event.resumeStatus ? t('public-alert.resumeTo', { status: event.resumeStatus }) : t('public-alert.notResume')}
          </Badge>
        </div>
      )}
      <div className={styles.body}>
        {store.username && store.mode === 'info' && <span>{t('public-alert.greeting', { username: store.username })}</span>}
        {store.mode === 'success' && (
          <MessageBar intent="success">
            <MessageBarBody>{t(store.done === 'clear' ? 'public-alert.clearDone' : 'public-alert.ackDone')}</MessageBarBody>
          </MessageBar>
        )}
        {store.mode === 'error' && (
          <MessageBar intent="error">
            <MessageBarBody>{store.errorMessage ?? t('public-alert.cannotRetrieve')}</MessageBarBody>
          </MessageBar>
        )}
        {event && <EventDetails store={store} />}
        {event && <AlertActions store={store} />}
      </div>
    </>
  );
});

/** The mode's buttons: ACK or Clear (or their marks) in info mode, Confirm and Cancel, or Back. */
const AlertActions = observer(function AlertActions({ store }: { store: PublicAlertStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const permitted = store.event?.ackPermission ?? false;

  if (store.mode === 'success' || store.mode === 'error') {
    return (
      <div className={styles.actions}>
        <Button onClick={() => store.backToInfo()}>{t('public-alert.back')}</Button>
      </div>
    );
  }
  if (store.mode === 'confirmAck' || store.mode === 'confirmClear') {
    const busy = store.acting.pending;
    const question = t(store.mode === 'confirmAck' ? 'public-alert.confirmAck' : 'public-alert.confirmClear');
    return (
      <>
        <Field label={t('public-alert.comment')}>
          <Textarea value={comment} maxLength={500} onChange={(_, data) => setComment(data.value)} />
        </Field>
        <div className={styles.actions} role="group" aria-label={question}>
          <strong className={styles.question}>{question}</strong>
          <Button disabled={busy} onClick={() => store.backToInfo()}>
            {t('public-alert.cancel')}
          </Button>
          <Button
            appearance="primary"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => void store.confirm(comment)}
          >
            {t('public-alert.confirm')}
          </Button>
        </div>
      </>
    );
  }
  const offered = store.offered;
  if (offered === 'clear' || offered === 'ack') {
    return (
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!permitted} onClick={() => store.ask(offered)}>
          {permitted ? t(`public-alert.${offered}`) : t('public-alert.noPermission')}
        </Button>
      </div>
    );
  }
  return offered ? (
    <div className={styles.actions}>
      <Badge size="large" appearance="filled" color="success">
        {t(`public-alert.${offered}`)}
      </Badge>
    </div>
  ) : null;
});
