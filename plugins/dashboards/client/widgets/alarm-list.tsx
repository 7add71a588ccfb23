import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import type { EventListPage, EventRecord } from '@sensorium/events/common';
import type { WidgetProps } from './widget-props';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  // A long item name wraps; the button keeps its width.
  text: { minWidth: 0, overflowWrap: 'anywhere' },
  action: { flexShrink: 0 },
});

/**
 * The application's open events, newest first (the events plugin's list call, which checks the event permission),
 * reloaded on its event pushes, each with Acknowledge. Not offered through a share link (its calls need a user).
 */
export function AlarmList(props: WidgetProps) {
  const { t } = useTranslation();
  if (props.store.shared) return <Text italic>{t('dashboards.widget.signInNeeded')}</Text>;
  return <OpenAlarms {...props} />;
}

function OpenAlarms({ store }: WidgetProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const http = useHttp();
  const [rows, setRows] = useState<EventRecord[] | null>(null);
  const base = `system-events-api/${encodeURIComponent(store.appId)}/events`;
  const load = useCallback(
    () =>
      http
        .get(base, { searchParams: { status: 'open', page: 0, size: 10 } })
        .json<EventListPage>()
        .then((page) => setRows(page.rows))
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
  if (rows === null) return null;
  if (rows.length === 0) return <Text>{t('dashboards.widget.noAlarms')}</Text>;
  return (
    <ul className={styles.list}>
      {rows.map((event) => (
        <li key={event.id} className={styles.row}>
          <Text
            size={200}
            className={styles.text}
          >{`${event.node.itemDisplayName || event.itemName} · ${event.rangeName} · ${event.value ?? ''}`}</Text>
          {event.isAcknowledged ? (
            <Text size={200} className={styles.action}>
              {t('dashboards.widget.acknowledged')}
            </Text>
          ) : (
            <Button size="small" className={styles.action} disabled={store.editing} onClick={() => void acknowledge(event.id)}>
              {t('dashboards.widget.acknowledge')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
