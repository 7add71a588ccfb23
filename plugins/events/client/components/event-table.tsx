import { Badge, Checkbox, makeStyles } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DataTable, formatListTime, RowAction } from '@sensorium/core/client';
import type { EventInstance } from '../models';
import type { EventViewStoreInstance } from '../store';
import { SeverityBadge } from './severity-badge';

const useStyles = makeStyles({
  // Descriptions are long: they wrap rather than widen the table beyond the page.
  description: { minWidth: '180px', maxWidth: '420px', overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
});

const STATUS_COLOURS = { created: 'danger', acked: 'warning', cleared: 'success' } as const;

/** The name an event's device is shown by: its display name, else its item name. */
export const deviceName = (event: EventInstance) => event.node.itemDisplayName || event.itemName;

/** An event's status as a coloured pill: Open, Ack-ed or Cleared. */
export function EventStatusBadge({ event }: { event: EventInstance }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATUS_COLOURS[event.eventStatus]}>
      {t(`events.status.${event.eventStatus}`)}
    </Badge>
  );
}

/** One page of events, newest first, with a checkbox per open event and a button opening its details. */
export const EventTable = observer(function EventTable({ store }: { store: EventViewStoreInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Read here, in the observer: the table itself is no observer.
  const selected = new Set(store.selectedIds);
  return (
    <DataTable
      label={t('events.view.title')}
      rows={store.rows.slice()}
      rowKey={(event) => event.id}
      loading={store.loading.pending}
      empty={t('events.view.empty')}
      rowProps={(event) => ({ 'aria-selected': selected.has(event.id) })}
      columns={[
        {
          id: 'select',
          header: (
            <Checkbox
              aria-label={t('events.view.selectAll')}
              checked={store.allSelected}
              disabled={store.selectableIds.length === 0}
              onChange={() => store.toggleAll()}
            />
          ),
          cell: (event) => (
            <Checkbox
              aria-label={t('events.view.selectEvent', { name: `${deviceName(event)} ${event.eventType}` })}
              checked={selected.has(event.id)}
              disabled={event.isCleared}
              onChange={() => store.toggle(event.id)}
            />
          ),
        },
        {
          id: 'severity',
          header: t('events.columns.severity'),
          cell: (event) => <SeverityBadge severity={event.severity} settled={event.isCleared} />,
        },
        {
          id: 'generated',
          header: t('events.columns.generated'),
          className: styles.nowrap,
          cell: (event) => formatListTime(event.generatedDateTime),
        },
        { id: 'device', header: t('events.columns.device'), cell: (event) => deviceName(event) },
        { id: 'eventType', header: t('events.columns.eventType'), cell: (event) => event.eventType },
        {
          id: 'description',
          header: t('events.columns.description'),
          className: styles.description,
          cell: (event) => event.description,
        },
        {
          id: 'value',
          header: t('events.columns.value'),
          className: styles.nowrap,
          cell: (event) => [event.value, event.unit].filter(Boolean).join(' '),
        },
        { id: 'status', header: t('events.columns.status'), cell: (event) => <EventStatusBadge event={event} /> },
        {
          id: 'details',
          header: t('events.view.details'),
          cell: (event) => (
            <RowAction
              icon={<InfoRegular />}
              label={t('events.view.details')}
              target={`${deviceName(event)} ${event.eventType}`}
              onClick={() => void store.showDetail(event.id)}
            />
          ),
        },
      ]}
    />
  );
});
