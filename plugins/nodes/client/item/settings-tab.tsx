import { Badge, Button, makeStyles, Switch, TableCell, TableRow, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AlertRegular, EditRegular, SettingsRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify, usePluginStore, type Outcome } from '@sensorium/core/client';
import type { ItemSettingsTabProps } from '../../common/extension-points';
import type { FieldPreference } from '../../common/field-preference';
import { FieldSettingsDialog } from '../field/field-settings-dialog';
import { formatFieldValue, STATUS_COLORS } from '../../common/field-format';
import { overrideDisabled, SIGNAL_BADGE } from '../field/field-rules';
import { OverrideDialog } from '../field/override-dialog';
import { DiscardedValues } from './discarded-values';
import { SourceErrorLine } from './source-error';
import { plainPreference } from '../store/item-model';
import type { NodesStore } from '../store/nodes-store';
import type { ItemSwitch } from '../store/item-store';
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

/** A refreshing clock so relative times ("3 minutes ago") stay current. */
function useNow(intervalMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Settings tab (spec 2.2): severities, Enable / Store History, times, connection, current values, outputs, commands. */
export const SettingsTab = observer(function SettingsTab(props: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const now = useNow();
  const store = usePluginStore<typeof NodesStore>('nodes');
  const { item } = props;
  const [dialog, setDialog] = useState<{ kind: 'settings' | 'ranges' | 'override'; field: string } | null>(null);

  /** Enable and Store History flip at once and back with 'Update failed!' when the save fails (spec 4, 8). */
  const toggle = async (which: ItemSwitch) => {
    const outcome = await store.item.toggle(which);
    if (!outcome.ok) notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  // The preferences are complete (the store normalises them); the table lists them by display sequence, then name.
  const fields = Object.entries(item.input).sort(([a, pa], [b, pb]) => pa.seq - pb.seq || a.localeCompare(b));

  const language = asLanguage(i18n.language);
  const time = (value: string | null) =>
    value ? `${formatDateTime(value)} (${relativeTime(value, language, now)})` : t('nodes.settings.notAvailable');

  const report = (outcome: Outcome<unknown>, failure: string) => {
    if (outcome.ok) notify({ intent: 'success', title: t('nodes.settings.commandSuccess') });
    else notify({ intent: 'error', title: failure, body: outcome.failure.message ?? undefined });
  };
  const send = async (commandId: string) => report(await store.item.sendCommand(commandId), t('nodes.settings.commandFailed'));
  const output = async (field: string, value: unknown) => report(await store.item.output(field, value), t('nodes.updateFailed'));

  const severity = item.status?.severity ?? 0;
  const eventSeverity = item.status?.eventSeverity ?? 0;
  const current = dialog ? item.input[dialog.field] : undefined;

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
          checked={item.enable}
          disabled={!props.canWrite}
          onChange={() => void toggle('enable')}
        />
        <Text className={styles.label}>{t('nodes.settings.storeHistory')}</Text>
        <Switch
          aria-label={t('nodes.settings.storeHistory')}
          checked={item.storeHistory}
          disabled={!props.canWrite}
          onChange={() => void toggle('storeHistory')}
        />
        <Text className={styles.label}>{t('nodes.settings.lastReceived')}</Text>
        <Text data-testid="last-received">{time(item.lastReceiveDate)}</Text>
        <Text className={styles.label}>{t('nodes.settings.lastValid')}</Text>
        <Text data-testid="last-valid">{time(item.lastValidDate)}</Text>
        <DiscardedValues item={item} now={now} />
        <SourceErrorLine item={item} now={now} />
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

      {store.item.commands.length > 0 && (
        <div className={styles.line}>
          <Text className={styles.label}>{t('nodes.settings.commands')}</Text>
          {store.item.commands.map((command) => (
            <Button key={command.id} size="small" disabled={!props.canWrite} onClick={() => void send(command.id)}>
              {command.display}
            </Button>
          ))}
        </div>
      )}

      {dialog && current && (dialog.kind === 'settings' || dialog.kind === 'ranges') && (
        <FieldSettingsDialog
          appId={props.appId}
          item={item}
          field={dialog.field}
          preference={current}
          items={store.tree.rows}
          activeTab={dialog.kind === 'ranges' ? 2 : 1}
          canWrite={props.canWrite}
          saving={store.item.saving.pending}
          onSave={(preference: FieldPreference, basedOn: FieldPreference) =>
            store.item.savePreference(dialog.field, preference, basedOn)
          }
          stored={() => {
            const now = store.item.detail?.input.get(dialog.field);
            return now && plainPreference(now);
          }}
          onItemSaved={(saved) => store.item.setDetail(saved)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog && current && dialog.kind === 'override' && (
        <OverrideDialog
          field={dialog.field}
          preference={current}
          canWrite={props.canWrite}
          saving={store.item.saving.pending}
          onSave={(enabled, value) => store.item.override(dialog.field, enabled, value)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
});
