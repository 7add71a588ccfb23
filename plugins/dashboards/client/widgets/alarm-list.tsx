import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import type { EventListPage } from '@sensorium/events/common';
import { ALARM_LIST_SIZE, toDashboardAlarm, type DashboardAlarm } from '../../common';
import { SHARED_REFRESH_MS } from '../shared-refresh';
import type { WidgetProps } from './widget-props';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  // A long item name wraps; the button keeps its width.
  text: { minWidth: 0, overflowWrap: 'anywhere' },
  action: { flexShrink: 0 },
});

/**
 * The open events, newest ten. Signed in: the application's (the events plugin's list call, which checks the event
 * permission), reloaded on its event pushes, each with Acknowledge. Through a share link: those of the dashboard's
 * items (the link's own call), polled, read only.
 */
export function AlarmList(props: WidgetProps) {
  return props.store.shared ? <SharedAlarms {...props} /> : <OpenAlarms {...props} />;
}

function OpenAlarms({ store }: WidgetProps) {
  const http = useHttp();
  const [rows, setRows] = useState<DashboardAlarm[] | null>(null);
  const base = `system-events-api/${encodeURIComponent(store.appId)}/events`;
  const load = useCallback(
    () =>
      http
        .get(base, { searchParams: { status: 'open', page: 0, size: ALARM_LIST_SIZE } })
        .json<EventListPage>()
        .then((page) => setRows(page.rows.map(toDashboardAlarm)))
        .catch(() => setRows([])),
    [http, base],
  );
  useEffect(() => {
    void load();
  }, [load]);
  usePush(PUSH_TOPICS.systemEventUpdate, () => void load());
  const acknowledge = async (id: string) => {
    await http.post(`${base}/ack`, { json: { ids: [id] } });
    await load();
  };
  return <AlarmRows rows={rows} onAcknowledge={(id) => void acknowledge(id)} disabled={store.editing} />;
}

function SharedAlarms({ widget }: WidgetProps) {
  const http = useHttp();
  const [rows, setRows] = useState<DashboardAlarm[] | null>(null);
  useEffect(() => {
    const load = () =>
      http
        .get(`dashboard-share/widgets/${encodeURIComponent(widget.id)}/alarms`)
        .json<DashboardAlarm[]>()
        .then(setRows)
        .catch(() => setRows((shown) => shown ?? []));
    void load();
    const timer = setInterval(() => void load(), SHARED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [http, widget.id]);
  return <AlarmRows rows={rows} />;
}

/** The alarms as a list; each not yet acknowledged one with Acknowledge when `onAcknowledge` is given. */
function AlarmRows(props: { rows: DashboardAlarm[] | null; onAcknowledge?: (id: string) => void; disabled?: boolean }) {
  const { rows, onAcknowledge, disabled } = props;
  const styles = useStyles();
  const { t } = useTranslation();
  if (rows === null) return null;
  if (rows.length === 0) return <Text>{t('dashboards.widget.noAlarms')}</Text>;
  return (
    <ul className={styles.list}>
      {rows.map((alarm) => (
        <li key={alarm.id} className={styles.row}>
          <Text size={200} className={styles.text}>{`${alarm.displayName} · ${alarm.rangeName} · ${alarm.value ?? ''}`}</Text>
          {alarm.isAcknowledged ? (
            <Text size={200} className={styles.action}>
              {t('dashboards.widget.acknowledged')}
            </Text>
          ) : (
            onAcknowledge && (
              <Button size="small" className={styles.action} disabled={disabled} onClick={() => onAcknowledge(alarm.id)}>
                {t('dashboards.widget.acknowledge')}
              </Button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
