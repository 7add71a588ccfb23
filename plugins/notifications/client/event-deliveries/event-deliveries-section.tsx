import { Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListTime, useHttp, usePush } from '@sensorium/core/client';
import type { EventDetailSectionProps } from '@sensorium/events/common';
import { NOTIFICATION_DELIVERY_TOPIC, type NotificationDeliveryPush } from '../../common/history';
import { DeliveryStatusCell } from '../history/delivery-status';
import type { DeliveryInstance } from '../history/store';
import { EventDeliveriesStore } from './store';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: 0, margin: 0 },
  entry: {
    listStyle: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
  },
  facts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
});

function Delivery({ delivery }: { delivery: DeliveryInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <li className={styles.entry}>
      <div className={styles.facts}>
        <Text weight="semibold">{delivery.name || delivery.contact}</Text>
        <Caption1>
          {[
            t(`notifications.history.channels.${delivery.channel}`),
            delivery.contact,
            t(`notifications.history.usages.${delivery.usage}`),
          ].join(' · ')}
        </Caption1>
        <Caption1>{formatListTime(delivery.createdAt)}</Caption1>
      </div>
      <DeliveryStatusCell status={delivery.status} error={delivery.error} />
    </li>
  );
}

/** The event details' "Notifications": each message sent for the event (contact, channel, status, time), kept current. */
export const EventDeliveriesSection = observer(function EventDeliveriesSection({ appId, event }: EventDetailSectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const [store] = useState(() => EventDeliveriesStore.create({ appId, eventId: event.id }, { http }));
  useEffect(() => {
    void store.load();
    return () => store.cancel();
  }, [store, event.eventStatus]);
  usePush<NotificationDeliveryPush>(NOTIFICATION_DELIVERY_TOPIC, (data) => data && store.changed(data.appId), appId);
  return (
    <>
      {store.loading.failed && (
        <Text role="alert" block>
          {store.loading.failure?.message ?? t('notifications.eventDeliveries.loadFailed')}
        </Text>
      )}
      {store.deliveries.length > 0 ? (
        <>
          <ol className={styles.list}>
            {store.deliveries.map((delivery) => (
              <Delivery key={delivery.id} delivery={delivery} />
            ))}
          </ol>
          {store.total > store.deliveries.length && (
            <Caption1>
              {t('notifications.eventDeliveries.newest', { shown: store.deliveries.length, total: store.total })}
            </Caption1>
          )}
        </>
      ) : store.loading.pending ? (
        <Spinner size="tiny" label={t('notifications.eventDeliveries.loading')} />
      ) : (
        !store.loading.failed && <Text block>{t('notifications.eventDeliveries.none')}</Text>
      )}
    </>
  );
});
