import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DisabledBadge, SettingsList } from '@sensorium/core/client';
import type { EventSettingsStoreInstance } from '../store';

const SEVERITY_COLOURS = ['success', 'warning', 'informative', 'important', 'danger'] as const;

const useStyles = makeStyles({
  name: { flexGrow: 1, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** The application's rules, each with its severity level and whether it is off, and Create New. */
export const RuleList = observer(function RuleList(props: {
  store: EventSettingsStoreInstance;
  /** Creating a new rule: the list's Create New is disabled meanwhile. */
  creating: boolean;
  onCreate(): void;
  onSelect(id: string): void;
}) {
  const { store } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <SettingsList
      label={t('event-settings.list.rules')}
      createLabel={t('event-settings.list.createNew')}
      empty={t('event-settings.list.empty')}
      items={store.rules}
      selectedId={store.selectedId}
      createDisabled={props.creating}
      onCreate={props.onCreate}
      onSelect={props.onSelect}
      render={(rule) => (
        <>
          <span className={styles.name}>{rule.name}</span>
          <span className={styles.badges}>
            <Badge appearance="tint" color={SEVERITY_COLOURS[rule.severity] ?? 'informative'}>
              {t(`event-settings.severity.${rule.severity}`)}
            </Badge>
            {!rule.enabled && <DisabledBadge label={t('event-settings.list.disabled')} />}
          </span>
        </>
      )}
    />
  );
});
