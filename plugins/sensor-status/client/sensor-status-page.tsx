import { Badge, Button, Caption1, Field, Link, makeStyles, Select, Text, ToggleButton, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { Observer, observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  DataTable,
  formatListTime,
  PageHeader,
  Pager,
  SearchToolbar,
  usePageStyles,
  usePluginStore,
  type DataColumn,
  useNotFoundRedirect,
} from '@sensorium/core/client';
import { STATUS_COLORS } from '@sensorium/nodes/common';
import { SENSOR_SEVERITIES, SENSOR_STATES, type SensorState } from '../common';
import { SensorChartDialog } from './sensor-chart-dialog';
import { SeverityLabel, useSeverityScale } from './severity';
import { COLUMN_GROUPS, type ColumnGroup, type SensorStatusStore } from './store';
import { useLiveDevices } from './use-live-devices';
import type { Instance } from 'mobx-state-tree';
import type { SensorRowModel } from './store';

type Row = Instance<typeof SensorRowModel>;

/**
 * A column whose cell follows its row's live changes: the table renders cells outside the page's observer, so each
 * cell observes the row itself.
 */
function liveColumn(id: string, header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return { id, header, cell: (row) => <Observer>{() => <>{cell(row)}</>}</Observer> };
}

const STATE_BADGE: Record<SensorState, 'success' | 'danger' | 'subtle'> = {
  online: 'success',
  offline: 'danger',
  disabled: 'subtle',
};

const useStyles = makeStyles({
  groups: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  name: { display: 'flex', flexDirection: 'column', minWidth: '120px', overflowWrap: 'anywhere' },
  field: { whiteSpace: 'nowrap' },
  fieldStatus: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  wrap: { overflowWrap: 'anywhere', minWidth: '100px' },
});

/** The device's fields: label, value with its unit, and the range it is in, in the range's colour. */
const FieldValues = observer(function FieldValues(props: { row: Row }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (props.row.fields.length === 0) return <Caption1 className={styles.muted}>{t('sensor-status.noValues')}</Caption1>;
  return (
    <div>
      {props.row.fields.map((field) => (
        <div key={field.field} className={styles.field} data-field={field.field}>
          <Text className={styles.muted}>{field.label}: </Text>
          <Text data-testid="sensor-value">{field.text ?? '-'}</Text>
          {field.status && (
            <Text className={styles.fieldStatus} style={{ color: STATUS_COLORS[field.color] }} data-testid="sensor-field-status">
              {` ${field.status}`}
            </Text>
          )}
        </div>
      ))}
    </div>
  );
});

/**
 * Sensor Status (shell spec §2.3): every device of the application with its status, severity, current values and
 * connection, filtered by text, status and severity and kept live by the pushes. The three column groups (accounts spec
 * §9: 1 location, 2 device, 3 update time) are hidden until shown. A device's name opens its history chart.
 */
const SensorStatusPage = observer(function SensorStatusPage() {
  const styles = useStyles();
  const layout = usePageStyles();
  const { t } = useTranslation();
  const appId = useParams().app_id ?? '';
  const store = usePluginStore<typeof SensorStatusStore>('sensorStatus');
  const severities = useSeverityScale();

  useEffect(() => {
    void store.open(appId);
  }, [store, appId]);
  useNotFoundRedirect(store.notFound);
  useLiveDevices(appId, store);

  const groupColumns: Record<ColumnGroup, DataColumn<Row>[]> = {
    1: [
      liveColumn('position', t('sensor-status.columns.position'), (row) => (
        <Text className={styles.wrap}>{row.path.join(' > ')}</Text>
      )),
      liveColumn('location', t('sensor-status.columns.location'), (row) => row.address ?? '-'),
    ],
    2: [
      liveColumn('itemName', t('sensor-status.columns.itemName'), (row) => row.itemName),
      liveColumn('dataSource', t('sensor-status.columns.dataSource'), (row) => row.dataSourceType ?? '-'),
    ],
    3: [
      liveColumn('lastUpdate', t('sensor-status.columns.lastUpdate'), (row) =>
        row.lastReceiveDate ? formatListTime(row.lastReceiveDate) : t('sensor-status.never'),
      ),
    ],
  };
  const columns: DataColumn<Row>[] = [
    liveColumn('name', t('sensor-status.columns.name'), (row) => (
      <span className={styles.name}>
        <Link
          as="button"
          aria-label={t('sensor-status.detail.open', { name: row.displayName })}
          onClick={() => void store.select(row.uuid)}
        >
          {row.displayName}
        </Link>
      </span>
    )),
    liveColumn('status', t('sensor-status.status'), (row) => (
      <Badge appearance="tint" color={STATE_BADGE[row.state]} data-testid="sensor-state">
        {t(`sensor-status.states.${row.state}`)}
      </Badge>
    )),
    liveColumn('severity', t('sensor-status.severity'), (row) => <SeverityLabel level={row.severity} />),
    liveColumn('values', t('sensor-status.columns.values'), (row) => <FieldValues row={row} />),
    ...COLUMN_GROUPS.flatMap((group) => (store.shows(group) ? groupColumns[group] : [])),
  ];

  return (
    <section className={layout.page}>
      <PageHeader title={t('sensor-status.title')}>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
          {t('sensor-status.refresh')}
        </Button>
      </PageHeader>
      <SearchToolbar label={t('sensor-status.search')} value={store.q} onChange={(q) => store.setQuery(q)}>
        <Field label={t('sensor-status.status')} orientation="horizontal">
          <Select
            value={store.status ?? ''}
            onChange={(_, data) => void store.setStatus((data.value || null) as SensorState | null)}
          >
            <option value="">{t('sensor-status.all')}</option>
            {SENSOR_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`sensor-status.states.${state}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('sensor-status.severity')} orientation="horizontal">
          <Select
            value={store.severity === null ? '' : String(store.severity)}
            onChange={(_, data) => void store.setSeverity(data.value === '' ? null : Number(data.value))}
          >
            <option value="">{t('sensor-status.all')}</option>
            {SENSOR_SEVERITIES.map((level) => (
              <option key={level} value={level}>
                {severities.of(level).name}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.groups} role="group" aria-label={t('sensor-status.groups.label')}>
          {COLUMN_GROUPS.map((group) => {
            const label = t('sensor-status.groups.toggle', { group, name: t(`sensor-status.groups.${group}`) });
            return (
              <ToggleButton
                key={group}
                checked={store.shows(group)}
                aria-label={label}
                title={label}
                onClick={() => store.toggleGroup(group)}
              >
                {group}
              </ToggleButton>
            );
          })}
        </div>
      </SearchToolbar>
      {store.loading.failed && !store.notFound && (
        <Text role="alert">{store.loading.failure?.message || t('sensor-status.loadFailed')}</Text>
      )}
      <DataTable
        label={t('sensor-status.title')}
        // A copy: the table is no observer, so the page reads the rows for it.
        rows={store.rows.slice()}
        rowKey={(row) => row.uuid}
        columns={columns}
        empty={t('sensor-status.empty')}
        loading={store.loading.pending}
      />
      <Pager offset={store.offset} pageSize={store.pageSize} total={store.total} onChange={(offset) => void store.goTo(offset)} />
      <SensorChartDialog store={store} />
    </section>
  );
});

export default SensorStatusPage;
