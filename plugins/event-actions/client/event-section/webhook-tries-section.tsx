import { Badge, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import type { Instance } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListTime, useHttp } from '@sensorium/core/client';
import type { EventDetailSectionProps } from '@sensorium/events/common';
import type { WebhookTryStatus } from '../../common';
import type { DeliveryTryModel } from '../store';
import { EventWebhookTriesStore } from './store';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: 0, margin: 0 },
  entry: { listStyle: 'none', display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const STATUS_COLORS: Record<WebhookTryStatus, 'success' | 'warning' | 'danger'> = {
  succeeded: 'success',
  retrying: 'warning',
  failed: 'danger',
};

function WebhookTry({ entry }: { entry: Instance<typeof DeliveryTryModel> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const answer =
    entry.responseCode === null
      ? t('event-actions.eventSection.noAnswer')
      : t('event-actions.eventSection.code', { code: entry.responseCode });
  return (
    <li className={styles.entry}>
      <span className={styles.heading}>
        <Text weight="semibold">{t(`event-actions.transition.${entry.transition}`)}</Text>
        <Badge appearance="tint" color={STATUS_COLORS[entry.status]}>
          {t(`event-actions.status.${entry.status}`)}
        </Badge>
      </span>
      <Caption1>{`${entry.method} ${entry.url}`}</Caption1>
      <Caption1>
        {[
          formatListTime(entry.at),
          t('event-actions.eventSection.try', { try: entry.try }),
          answer,
          t('event-actions.log.ms', { ms: entry.durationMs }),
        ].join(' · ')}
      </Caption1>
      {entry.error && <Caption1>{entry.error}</Caption1>}
    </li>
  );
}

/** The event details' "Webhook deliveries": every try of the event's webhooks, newest first, with its outcome. */
export const WebhookTriesSection = observer(function WebhookTriesSection({ appId, event }: EventDetailSectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const [store] = useState(() => EventWebhookTriesStore.create({ appId, eventId: event.id }, { http }));
  // Acknowledging or clearing the event sends its webhooks again: read the tries when its status changes.
  useEffect(() => void store.load(), [store, event.eventStatus]);
  return (
    <>
      {store.loading.failed && (
        <Text role="alert" block>
          {store.loading.failure?.message ?? t('event-actions.log.failed')}
        </Text>
      )}
      {store.tries.length > 0 ? (
        <>
          <ol className={styles.list}>
            {store.tries.map((entry) => (
              <WebhookTry key={entry.id} entry={entry} />
            ))}
          </ol>
          {store.total > store.tries.length && (
            <Caption1>{t('event-actions.eventSection.newest', { shown: store.tries.length, total: store.total })}</Caption1>
          )}
        </>
      ) : store.loading.pending ? (
        <Spinner size="tiny" label={t('event-actions.eventSection.loading')} />
      ) : (
        !store.loading.failed && <Text block>{t('event-actions.eventSection.none')}</Text>
      )}
    </>
  );
});
