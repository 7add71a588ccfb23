import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListTime } from '@sensorium/core/client';
import type { EventInstance, HistoryEntryInstance } from '../models';
import type { EventViewStoreInstance } from '../store';
import { SeverityBadge } from './severity-badge';
import { EventDetailSections } from './event-detail-sections';
import { EventStatusBadge } from './event-table';

const useStyles = makeStyles({
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(110px, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  history: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: 0, margin: 0 },
  entry: { listStyle: 'none', display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' },
  section: { marginTop: tokens.spacingVerticalL },
});

const time = (iso: string | null) => (iso ? formatListTime(iso) : '');

/** The fields of accounts §3 "Event (public viewer)", in its order; empty ones are left out. */
function eventFields(event: EventInstance, t: (key: string, values?: Record<string, string>) => string) {
  const { node } = event;
  const resume = event.resumeStatus ? t('events.resume.resumed', { status: event.resumeStatus }) : t('events.resume.notResumed');
  const fields: [string, ReactNode][] = [
    ['description', event.description],
    ['severity', <SeverityBadge key="severity" severity={event.severity} />],
    ['generatedDateTime', time(event.generatedDateTime)],
    ['location', event.location],
    ['additionalInfo', event.additionalInfo],
    ['eventType', event.eventType],
    ['equipmentName', event.equipmentName],
    ['node', node.displayName ? `${node.itemDisplayName} ${node.displayName}` : node.itemDisplayName],
    ['itemName', node.itemName || event.itemName],
    ['signal', node.signal],
    ['value', node.value ?? event.value],
    ['unit', node.unit ?? event.unit],
    ['rangeStatus', node.rangeStatus ?? event.rangeStatus],
    ['resumeStatus', resume],
    ['eventStatus', <EventStatusBadge key="status" event={event} />],
    ['acknowledgedBy', event.acknowledgedBy],
    ['acknowledgedDateTime', time(event.acknowledgedDateTime)],
    ['clearedBy', event.clearedBy],
    ['clearedDateTime', time(event.clearedDateTime)],
  ];
  return fields.filter(([, value]) => value !== null && value !== undefined && value !== '');
}

function HistoryEntry({ entry }: { entry: HistoryEntryInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const actor = t(`events.actor.${entry.actor.kind}`, { label: entry.actor.label });
  return (
    <li className={styles.entry}>
      <Text weight="semibold">
        {t(`events.history.${entry.kind}`)} · {actor}
      </Text>
      <Caption1>{time(entry.at)}</Caption1>
      {entry.comment && <Text>{t('events.detail.comment', { comment: entry.comment })}</Text>}
    </li>
  );
}

/** The open event's every field and its history, oldest first (refreshed when the event changes). */
export const EventDetailDialog = observer(function EventDetailDialog({ store }: { store: EventViewStoreInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { detail } = store;
  const { event } = detail;
  const close = () => void store.showDetail(null);
  return (
    <Dialog open={detail.id !== null} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface aria-label={t('events.detail.title')}>
        <DialogBody>
          <DialogTitle>
            {event ? `${event.node.itemDisplayName || event.itemName} ${event.eventType}` : t('events.detail.title')}
          </DialogTitle>
          <DialogContent>
            {event ? (
              <>
                <dl className={styles.fields}>
                  {eventFields(event, t).map(([key, value]) => (
                    <div key={key} className={styles.pair}>
                      <dt className={styles.term}>{t(`events.detail.${key}`)}</dt>
                      <dd className={styles.value}>{value}</dd>
                    </div>
                  ))}
                </dl>
                <section className={styles.section} aria-label={t('events.detail.history')}>
                  <Subtitle2 as="h3">{t('events.detail.history')}</Subtitle2>
                  {detail.history.length === 0 ? (
                    <Text block>{t('events.detail.noHistory')}</Text>
                  ) : (
                    <ol className={styles.history}>
                      {detail.history.map((entry) => (
                        <HistoryEntry key={entry.id} entry={entry} />
                      ))}
                    </ol>
                  )}
                </section>
                {store.appId !== null && <EventDetailSections appId={store.appId} event={event} />}
              </>
            ) : detail.loading.failed ? (
              <Text role="alert">{detail.loading.failure?.message ?? t('events.detail.loadFailed')}</Text>
            ) : (
              <Spinner size="small" />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('events.detail.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
