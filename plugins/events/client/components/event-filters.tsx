import { Button, Dropdown, Field, Input, makeStyles, Option, SearchBox, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EVENT_SEVERITIES, EVENT_STATUS_FILTERS, type EventStatusFilter } from '../../common/event-query';
import type { EventViewStoreInstance } from '../store';
import { useSeverityScale } from '../use-severity-scale';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    // Two filters a row on a phone, as many as fit on a wider screen.
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  // Fluent's dropdowns keep a minimum width wider than a phone's column otherwise.
  control: { minWidth: 0, width: '100%' },
});

const ANY = 'any';

/** A datetime-local input's value as ISO text, and back (in the browser's time zone). */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');
const toLocal = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');

/** The Event View's filters: severity, status, time range, device, tags and text; every change reloads the list. */
export const EventFilters = observer(function EventFilters({ store }: { store: EventViewStoreInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { filters } = store;
  const severities = useSeverityScale();
  const severityLabel = (value: string) => (value === ANY ? t('events.filters.anySeverity') : severities.of(Number(value)).name);
  const statusLabel = (value: string) => (value === ANY ? t('events.filters.anyStatus') : t(`events.statusFilter.${value}`));
  const severity = filters.severity === null ? ANY : String(filters.severity);
  const status = filters.status ?? ANY;
  return (
    <div className={styles.filters} role="search" aria-label={t('events.filters.search')}>
      <Field label={t('events.filters.severity')}>
        <Dropdown
          className={styles.control}
          value={severityLabel(severity)}
          selectedOptions={[severity]}
          onOptionSelect={(_, data) => store.setFilters({ severity: data.optionValue === ANY ? null : Number(data.optionValue) })}
        >
          {[ANY, ...EVENT_SEVERITIES.map(String)].map((value) => (
            <Option key={value} value={value}>
              {severityLabel(value)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('events.filters.status')}>
        <Dropdown
          className={styles.control}
          value={statusLabel(status)}
          selectedOptions={[status]}
          onOptionSelect={(_, data) =>
            store.setFilters({ status: data.optionValue === ANY ? null : (data.optionValue as EventStatusFilter) })
          }
        >
          {[ANY, ...EVENT_STATUS_FILTERS].map((value) => (
            <Option key={value} value={value}>
              {statusLabel(value)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('events.filters.from')}>
        <Input
          className={styles.control}
          type="datetime-local"
          value={toLocal(filters.from)}
          onChange={(_, data) => store.setFilters({ from: toIso(data.value) })}
        />
      </Field>
      <Field label={t('events.filters.to')}>
        <Input
          className={styles.control}
          type="datetime-local"
          value={toLocal(filters.to)}
          onChange={(_, data) => store.setFilters({ to: toIso(data.value) })}
        />
      </Field>
      <Field label={t('events.filters.device')}>
        <Input
          className={styles.control}
          value={filters.device}
          onChange={(_, data) => store.setFilters({ device: data.value })}
        />
      </Field>
      <Field label={t('events.filters.tags')}>
        <Input
          className={styles.control}
          placeholder={t('events.filters.tagsPlaceholder')}
          value={filters.tags}
          onChange={(_, data) => store.setFilters({ tags: data.value })}
        />
      </Field>
      <Field label={t('events.filters.search')}>
        <SearchBox className={styles.control} value={filters.q} onChange={(_, data) => store.setFilters({ q: data.value })} />
      </Field>
      <Button disabled={!store.filtered} onClick={() => void store.resetFilters()}>
        {t('events.filters.reset')}
      </Button>
    </div>
  );
});
