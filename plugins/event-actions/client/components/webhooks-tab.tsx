import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowSyncRegular, CopyRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSettingTabProps } from '@sensorium/applications/common';
import { ConfirmDialog, DataTable, Pager, useNotify, type DataColumn } from '@sensorium/core/client';
import type { WebhookTryStatus } from '../../common';
import type { Instance } from 'mobx-state-tree';
import type { DeliveryTryModel } from '../store';
import { useWebhooks } from '../use-webhooks';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  secretRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  newSecret: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  newSecretInput: { flexGrow: 1, minWidth: '200px', fontFamily: tokens.fontFamilyMonospace },
  heading: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' },
  url: { maxWidth: '320px', overflowWrap: 'anywhere' },
});

type DeliveryTry = Instance<typeof DeliveryTryModel>;

const STATUS_COLORS: Record<WebhookTryStatus, 'success' | 'warning' | 'danger'> = {
  succeeded: 'success',
  retrying: 'warning',
  failed: 'danger',
};

/** The new secret, shown this once, with a copy button. */
function NewSecretDialog(props: { secret: string; onClose(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(props.secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog open modalType="alert">
      <DialogSurface aria-label={t('event-actions.secret.newTitle')}>
        <DialogBody>
          <DialogTitle>{t('event-actions.secret.newTitle')}</DialogTitle>
          <DialogContent>
            <Text block>{t('event-actions.secret.newNote')}</Text>
            <div className={styles.newSecret}>
              <Field label={t('event-actions.secret.title')} className={styles.newSecretInput}>
                <Input readOnly value={props.secret} onFocus={(event) => event.target.select()} />
              </Field>
              <Button icon={<CopyRegular />} onClick={() => void copy()}>
                {copied ? t('event-actions.secret.copied') : t('event-actions.secret.copy')}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onClose}>
              {t('event-actions.secret.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Application Setting, Webhooks tab: the application's webhook signing secret (masked; rotating shows the new one once)
 * and the log of webhook tries, newest first, from the webhooks store.
 */
const WebhooksTab = observer(function WebhooksTab({ appId }: ApplicationSettingTabProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const store = useWebhooks();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void store.open(appId);
    // A secret left on screen is not shown again on the next visit.
    return () => store.dismissNewSecret();
  }, [store, appId]);

  const rotate = async () => {
    const rotated = await store.rotate();
    setConfirming(false);
    if (!rotated) notify({ intent: 'error', title: t('event-actions.secret.rotateFailed') });
  };

  const columns: DataColumn<DeliveryTry>[] = [
    { id: 'at', header: t('event-actions.log.at'), cell: (row) => dayjs(row.at).format('DD/MM/YYYY HH:mm:ss') },
    {
      id: 'transition',
      header: t('event-actions.log.transition'),
      cell: (row) => t(`event-actions.transition.${row.transition}`),
    },
    { id: 'request', header: t('event-actions.log.request'), cell: (row) => `${row.method} ${row.url}`, className: styles.url },
    { id: 'try', header: t('event-actions.log.try'), cell: (row) => row.try },
    {
      id: 'status',
      header: t('event-actions.log.status'),
      cell: (row) => (
        <Badge appearance="tint" color={STATUS_COLORS[row.status]}>
          {t(`event-actions.status.${row.status}`)}
        </Badge>
      ),
    },
    { id: 'response', header: t('event-actions.log.response'), cell: (row) => row.responseCode ?? '–' },
    { id: 'duration', header: t('event-actions.log.duration'), cell: (row) => t('event-actions.log.ms', { ms: row.durationMs }) },
    { id: 'error', header: t('event-actions.log.error'), cell: (row) => row.error ?? '' },
  ];

  return (
    <section className={styles.tab}>
      <div className={styles.section}>
        <Subtitle2>{t('event-actions.secret.title')}</Subtitle2>
        <Text>{t('event-actions.secret.help')}</Text>
        <div className={styles.secretRow}>
          <Text className={styles.mono}>{store.maskedSecret ?? t('event-actions.secret.none')}</Text>
          <Button icon={<ArrowSyncRegular />} onClick={() => setConfirming(true)}>
            {t('event-actions.secret.rotate')}
          </Button>
        </div>
      </div>
      <div className={styles.section}>
        <div className={styles.heading}>
          <Subtitle2>{t('event-actions.log.title')}</Subtitle2>
          <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
            {t('event-actions.log.refresh')}
          </Button>
        </div>
        {store.loading.failed && <Text>{t('event-actions.log.failed')}</Text>}
        <DataTable
          label={t('event-actions.log.title')}
          columns={columns}
          rows={store.deliveries}
          rowKey={(row) => row.id}
          empty={t('event-actions.log.empty')}
          loading={store.loading.pending}
        />
        {store.total > store.pageSize && (
          <Pager
            offset={store.page * store.pageSize}
            pageSize={store.pageSize}
            total={store.total}
            onChange={(offset) => void store.load(offset / store.pageSize)}
          />
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('event-actions.secret.confirmTitle')}
          message={t('event-actions.secret.confirm')}
          confirmLabel={t('event-actions.secret.rotate')}
          busy={store.rotating.pending}
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {store.newSecret && <NewSecretDialog secret={store.newSecret} onClose={() => store.dismissNewSecret()} />}
    </section>
  );
});

export default WebhooksTab;
