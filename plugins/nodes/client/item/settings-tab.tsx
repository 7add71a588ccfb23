import { Badge, Button, makeStyles, Switch, TableCell, TableRow, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AlertRegular, EditRegular, SettingsRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import { normalizeFieldPreference, type Command, type FieldPreference } from '../../common/field-preference';
import { errorMessage, type Item, type ItemPatch, type NodesApi } from '../api';
import { FieldSettingsDialog } from '../field/field-settings-dialog';
import { formatFieldValue, overrideDisabled, SIGNAL_BADGE } from '../field/field-rules';
import { OverrideDialog } from '../field/override-dialog';
import { useRangeActionDialogs } from '../field/range-action-dialogs';
import { STATUS_COLORS } from '../colors';
import { asLanguage, formatDateTime, relativeTime } from '../format';
import { SmallTable } from '../table';

const SEVERITY_BADGE: Record<number, 'success' | 'warning' | 'danger' | 'important' | 'informative'> = {
  0: 'success',
  1: 'warning',
  2: 'warning',
  3: 'important',
  4: 'danger',
};

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
  },
  label: { color: tokens.colorNeutralForeground3 },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  on: { color: tokens.colorBrandForeground1 },
  off: { color: tokens.colorNeutralForeground4 },
  key: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface SettingsTabProps {
  api: NodesApi;
  appId: string;
  item: Item;
  /** The application's items (the tree rows), for the Task Setting dialog's device list. */
  items: readonly { uuid: string; itemName: string; itemDisplayName?: string }[];
  canWrite: boolean;
  onChange(item: Item): void;
  onReload(): void;
}

/** A refreshing clock so relative times ("3 minutes ago") stay current. */
function useNow(intervalMs = 10_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Settings tab (spec 2.2): severities, Enable / Store History, times, connection, current values, outputs, commands. */
export function SettingsTab(props: SettingsTabProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const now = useNow();
  const { item, api } = props;
  const [enable, setEnable] = useState(item.enable);
  const [storeHistory, setStoreHistory] = useState(item.storeHistory);
  const [commands, setCommands] = useState<Command[]>([]);
  const [dialog, setDialog] = useState<{ kind: 'settings' | 'ranges' | 'override'; field: string } | null>(null);

  useEffect(() => setEnable(item.enable), [item.enable]);
  useEffect(() => setStoreHistory(item.storeHistory), [item.storeHistory]);
  useEffect(() => {
    api
      .commands(item.uuid)
      .then(({ commands }) => setCommands(commands.filter((command) => command.id !== '')))
      .catch(() => setCommands([]));
  }, [api, item.uuid]);

  /** Optimistic switch: flips at once, persists, and flips back with 'Update failed!' when the call fails (spec 4, 8). */
  const toggle = async (patch: ItemPatch, set: (value: boolean) => void, previous: boolean) => {
    set(!previous);
    try {
      props.onChange(await api.patch(item.uuid, patch));
    } catch (error) {
      set(previous);
      notify({ intent: 'error', title: t('nodes.updateFailed'), body: await errorMessage(error) });
    }
  };

  const fields = useMemo(
    () =>
      Object.entries(item.input)
        .map(([field, stored]) => [field, normalizeFieldPreference(field, stored)] as const)
        .sort(([a, pa], [b, pb]) => pa.seq - pb.seq || a.localeCompare(b)),
    [item.input],
  );

  const language = asLanguage(i18n.language);
  const time = (value: string | null) =>
    value ? `${formatDateTime(value)} (${relativeTime(value, language, now)})` : t('nodes.settings.notAvailable');

  const send = async (command: Command) => {
    try {
      await api.sendCommand(item.uuid, command.id);
      notify({ intent: 'success', title: t('nodes.settings.commandSuccess') });
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.settings.commandFailed'), body: await errorMessage(error) });
    }
  };

  const output = async (field: string, value: unknown) => {
    try {
      await api.output(item.uuid, field, value, item.dataSource.type ?? '');
      notify({ intent: 'success', title: t('nodes.settings.commandSuccess') });
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.updateFailed'), body: await errorMessage(error) });
    }
  };

  const savePreference = async (field: string, preference: FieldPreference) => {
    await api.saveFieldPreference(item.uuid, field, preference);
    props.onChange({ ...item, input: { ...item.input, [field]: preference } });
    props.onReload();
  };

  const severity = item.status?.severity ?? 0;
  const eventSeverity = item.status?.eventSeverity ?? 0;
  const current = dialog ? fields.find(([field]) => field === dialog.field) : undefined;
  const rangeDialogs = useRangeActionDialogs({
    appId: props.appId,
    item,
    field: dialog?.field ?? null,
    items: props.items,
    onItemSaved: props.onChange,
  });

  return (
    <div className={styles.tab}>
      <div className={styles.grid}>
        <Text className={styles.label}>{t('nodes.settings.severity')}</Text>
        <div className={styles.line}>
          <Badge color={SEVERITY_BADGE[severity] ?? 'informative'} aria-label={t('nodes.settings.severity')}>
            {severity}
          </Badge>
          <Text className={styles.label}>{t('nodes.settings.eventSeverity')}</Text>
          <Badge color={SEVERITY_BADGE[eventSeverity] ?? 'informative'} aria-label={t('nodes.settings.eventSeverity')}>
            {eventSeverity}
          </Badge>
        </div>
        <Text className={styles.label}>{t('nodes.settings.enable')}</Text>
        <Switch
          aria-label={t('nodes.settings.enable')}
          checked={enable}
          disabled={!props.canWrite}
          onChange={() => void toggle({ enable: !enable }, setEnable, enable)}
        />
        <Text className={styles.label}>{t('nodes.settings.storeHistory')}</Text>
        <Switch
          aria-label={t('nodes.settings.storeHistory')}
          checked={storeHistory}
          disabled={!props.canWrite}
          onChange={() => void toggle({ enableHistory: !storeHistory }, setStoreHistory, storeHistory)}
        />
        <Text className={styles.label}>{t('nodes.settings.lastReceived')}</Text>
        <Text data-testid="last-received">{time(item.lastReceiveDate)}</Text>
        <Text className={styles.label}>{t('nodes.settings.lastValid')}</Text>
        <Text data-testid="last-valid">{time(item.lastValidDate)}</Text>
        <Text className={styles.label}>{t('nodes.settings.connected')}</Text>
        <Text data-testid="connected">{item.connection ? t('nodes.settings.yes') : t('nodes.settings.no')}</Text>
      </div>

      {fields.length === 0 ? (
        <Text>{t('nodes.settings.noInput')}</Text>
      ) : (
        <SmallTable
          label={t('nodes.settings.currentValues')}
          columns={[
            t('nodes.settings.type'),
            t('nodes.settings.field'),
            t('nodes.settings.status'),
            t('nodes.settings.value'),
            t('nodes.settings.actions'),
          ]}
        >
          {fields.map(([field, preference]) => {
            const status = item.status?.fieldStatus?.[field];
            const value = formatFieldValue(item.outputSimple[field], preference);
            const eventOn = preference.rangeSettings.ranges.some((range) => range.eventSetting.enable);
            return (
              <TableRow key={field} data-field={field}>
                <TableCell>
                  <Badge appearance="outline" shape="rounded" size="medium">
                    {SIGNAL_BADGE[preference.signal]}
                  </Badge>
                </TableCell>
                <TableCell>
                  <div>{preference.displayName || field}</div>
                  {preference.displayName && preference.displayName !== field && <div className={styles.key}>{field}</div>}
                </TableCell>
                <TableCell>
                  {status?.status ? (
                    <span data-testid="field-status" style={{ color: STATUS_COLORS[status.color] ?? undefined, fontWeight: 600 }}>
                      {status.status}
                    </span>
                  ) : (
                    '-'
                  )}
                </TableCell>
                <TableCell data-testid="field-value">{value ?? '-'}</TableCell>
                <TableCell>
                  <div className={styles.line}>
                    <Tooltip content={t('nodes.settings.override')} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        className={preference.overrideValueEnabled ? styles.on : undefined}
                        icon={<EditRegular />}
                        disabled={overrideDisabled(preference)}
                        onClick={() => setDialog({ kind: 'override', field })}
                      />
                    </Tooltip>
                    <Tooltip content={t('nodes.settings.fieldSettings')} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<SettingsRegular />}
                        onClick={() => setDialog({ kind: 'settings', field })}
                      />
                    </Tooltip>
                    <Tooltip content={t('nodes.settings.eventCondition')} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        className={eventOn ? styles.on : styles.off}
                        icon={<AlertRegular />}
                        onClick={() => setDialog({ kind: 'ranges', field })}
                      />
                    </Tooltip>
                    {preference.io === 'output' &&
                      (preference.outputType === 'toggleSwitch' ? (
                        <Switch
                          aria-label={t('nodes.settings.outputSwitch', { field: preference.displayName || field })}
                          checked={Boolean(Number(item.outputSimple[field]))}
                          disabled={!props.canWrite}
                          onChange={(_, data) => void output(field, data.checked ? 1 : 0)}
                        />
                      ) : (
                        <Button size="small" disabled={!props.canWrite} onClick={() => void output(field, 1)}>
                          {t('nodes.settings.task')}
                        </Button>
                      ))}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </SmallTable>
      )}

      {commands.length > 0 && (
        <div className={styles.line}>
          <Text className={styles.label}>{t('nodes.settings.commands')}</Text>
          {commands.map((command) => (
            <Button key={command.id} size="small" disabled={!props.canWrite} onClick={() => void send(command)}>
              {command.display}
            </Button>
          ))}
        </div>
      )}

      {dialog && current && (dialog.kind === 'settings' || dialog.kind === 'ranges') && (
        <FieldSettingsDialog
          field={dialog.field}
          preference={current[1]}
          isNode={item.itemType === 'node'}
          activeTab={dialog.kind === 'ranges' ? 2 : 1}
          canWrite={props.canWrite}
          rangeActions={rangeDialogs.handlers}
          onSave={(preference) => savePreference(dialog.field, preference)}
          onClose={() => setDialog(null)}
        >
          {rangeDialogs.dialogs}
        </FieldSettingsDialog>
      )}
      {dialog && current && dialog.kind === 'override' && (
        <OverrideDialog
          field={dialog.field}
          preference={current[1]}
          canWrite={props.canWrite}
          onSave={async (enabled, value) => {
            await api.override(item.uuid, dialog.field, enabled, value);
            props.onReload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
