import { Button, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, formatListTime, useHttp, useNotify } from '@sensorium/core/client';
import type { EventDetailSectionProps } from '@sensorium/events/common';
import { AlertLinksStore, type AlertLinkInstance } from './store';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: 0, margin: 0 },
  link: {
    listStyle: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
  },
  facts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
});

function LinkFacts({ link }: { link: AlertLinkInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.facts}>
      <Text weight="semibold">{link.actorLabel}</Text>
      <Caption1>{t('public-alert.links.expires', { time: formatListTime(link.expiresAt) })}</Caption1>
      <Caption1>
        {link.usedAt ? t('public-alert.links.used', { time: formatListTime(link.usedAt) }) : t('public-alert.links.notUsed')}
      </Caption1>
      {link.revokedAt && <Caption1>{t('public-alert.links.revoked', { time: formatListTime(link.revokedAt) })}</Caption1>}
    </div>
  );
}

/**
 * The event details' "Alert links" section: the public links sent for the event (recipient, expiry, use, revocation),
 * newest first; a live one can be revoked after a confirmation, and then answers like a link that never existed.
 */
export const AlertLinksSection = observer(function AlertLinksSection({ appId, event }: EventDetailSectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const http = useHttp();
  const [store] = useState(() => AlertLinksStore.create({ appId, eventId: event.id }, { http }));
  const [confirming, setConfirming] = useState<AlertLinkInstance | null>(null);
  // Acknowledging or clearing the event may use or revoke its links: read them again when its status changes.
  useEffect(() => void store.load(), [store, event.eventStatus]);

  const revoke = async (link: AlertLinkInstance) => {
    const outcome = await store.revoke(link.jti);
    if (!outcome.ok) return;
    setConfirming(null);
    notify({ intent: 'success', title: t('public-alert.links.revokedNotice', { name: link.actorLabel }) });
  };
  const now = Date.now();
  return (
    <>
      {store.loading.failed && (
        <Text role="alert" block>
          {store.loading.failure?.message ?? t('public-alert.links.loadFailed')}
        </Text>
      )}
      {store.links.length > 0 ? (
        <ul className={styles.list}>
          {store.links.map((link) => (
            <li key={link.jti} className={styles.link}>
              <LinkFacts link={link} />
              {link.isLive(now) && (
                <Button
                  size="small"
                  aria-label={t('public-alert.links.revokeLink', { name: link.actorLabel })}
                  onClick={() => {
                    store.revoking.clear();
                    setConfirming(link);
                  }}
                >
                  {t('public-alert.links.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : store.loading.pending ? (
        <Spinner size="tiny" label={t('public-alert.links.loading')} />
      ) : (
        !store.loading.failed && <Text block>{t('public-alert.links.none')}</Text>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('public-alert.links.confirmTitle')}
          message={t('public-alert.links.confirmMessage', { name: confirming.actorLabel })}
          confirmLabel={t('public-alert.links.revoke')}
          busy={store.revoking.pending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void revoke(confirming)}
        >
          {store.revoking.failed && (
            <Text role="alert" block>
              {store.revoking.failure?.message ?? t('public-alert.links.revokeFailed')}
            </Text>
          )}
        </ConfirmDialog>
      )}
    </>
  );
});
