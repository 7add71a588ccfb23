import { makeStyles, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { severityPresentation } from '@sensorium/applications/common';
import type { PublicAlertStoreInstance } from './store';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(7em, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr', rowGap: 0 },
  },
  term: {
    color: tokens.colorNeutralForeground3,
    '@media (max-width: 480px)': { marginTop: tokens.spacingVerticalS },
  },
  pair: { display: 'contents' },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
});

/** dd/MM/yyyy HH:mm:ss (accounts §9: event times). */
export const formatEventTime = (iso: string): string => dayjs(iso).format('DD/MM/YYYY HH:mm:ss');

/** Every field of the link's event (accounts §2 "Public alert viewer"); empty optional fields are left out. */
export const EventDetails = observer(function EventDetails({ store }: { store: PublicAlertStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const event = store.event;
  if (!event) return null;
  const { node } = event;
  const byAt = (name: string | null, time: string | null) =>
    name ? t('public-alert.byAt', { name, time: time ? formatEventTime(time) : '' }) : null;
  const rows: [string, ReactNode][] = [
    ['description', event.description],
    ['severity', severityPresentation(store.appSetting, event.severity, t).name],
    ['generatedDateTime', formatEventTime(event.generatedDateTime)],
    ['location', event.locationDisplayStr],
    ['additionalInfo', event.additionalInfo],
    ['eventType', event.eventType],
    ['equipmentName', event.equipmentName],
    ['node', node.itemDisplayName || node.itemName],
    ['displayName', node.displayName],
    ['signal', node.signal],
    ['value', node.value],
    ['unit', node.unit],
    ['rangeStatus', node.rangeStatus],
    ['acknowledgedBy', byAt(event.acknowledegedBy, event.acknowledegedDateTime)],
    ['clearedBy', byAt(event.clearedBy, event.clearedDateTime)],
  ];
  return (
    <dl className={styles.list}>
      {rows
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([field, value]) => (
          <div key={field} className={styles.pair}>
            <dt className={styles.term}>{t(`public-alert.fields.${field}`)}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
    </dl>
  );
});
