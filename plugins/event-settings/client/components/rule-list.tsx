import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EventSettingsStoreInstance } from '../store';

const SEVERITY_COLOURS = ['success', 'warning', 'informative', 'important', 'danger'] as const;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  rule: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', minWidth: 0 },
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
    <nav aria-label={t('event-settings.list.rules')}>
      <Button appearance="primary" icon={<AddRegular />} disabled={props.creating} onClick={props.onCreate}>
        {t('event-settings.list.createNew')}
      </Button>
      {store.rules.length === 0 ? (
        <Text block>{t('event-settings.list.empty')}</Text>
      ) : (
        <ul className={styles.list}>
          {store.rules.map((rule) => (
            <li key={rule.id}>
              <Button
                className={styles.rule}
                appearance={rule.id === store.selectedId ? 'secondary' : 'subtle'}
                aria-current={rule.id === store.selectedId ? 'true' : undefined}
                onClick={() => props.onSelect(rule.id)}
              >
                <span className={styles.name}>{rule.name}</span>
                <span className={styles.badges}>
                  <Badge appearance="tint" color={SEVERITY_COLOURS[rule.severity] ?? 'informative'}>
                    {t(`event-settings.severity.${rule.severity}`)}
                  </Badge>
                  {!rule.enabled && (
                    <Badge appearance="outline" color="subtle">
                      {t('event-settings.list.disabled')}
                    </Badge>
                  )}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
});
