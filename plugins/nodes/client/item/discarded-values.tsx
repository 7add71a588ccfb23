import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FieldDiscards, Item } from '../../common/types';
import { asLanguage, formatDateTime, relativeTime } from '../format';

const useStyles = makeStyles({
  label: { color: tokens.colorNeutralForeground3 },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

export interface DiscardedValuesProps {
  item: Item;
  /** The page's clock, for the relative times. */
  now: number;
}

/**
 * Two cells of the Settings tab's grid, while a field of the item had readings discarded (its spike filter, a value its
 * signal cannot read): per field the count and the last one with its reason and time, so an operator can tell a filter
 * from a broken sensor. Nothing while none was discarded.
 */
export function DiscardedValues({ item, now }: DiscardedValuesProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const fields = Object.entries(item.status?.discarded ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (fields.length === 0) return null;
  const language = asLanguage(i18n.language);
  const reason = (discards: FieldDiscards) =>
    discards.reason === 'spikeFilter'
      ? t('nodes.settings.discardSpikeFilter', { min: discards.min ?? '−∞', max: discards.max ?? '∞' })
      : t('nodes.settings.discardUnreadable', {
          signal: t(`nodes.fieldSettings.signals.${discards.signal ?? 'analog'}`),
        });
  return (
    <>
      <Text className={styles.label}>{t('nodes.settings.discarded')}</Text>
      <div className={styles.lines} data-testid="discarded-values">
        {fields.map(([field, discards]) => (
          <Text key={field} className={styles.warning} data-field={field}>
            {t('nodes.settings.discardedLine', {
              field: item.input[field]?.displayName || field,
              count: discards.count,
              value: discards.value,
              reason: reason(discards),
              time: `${formatDateTime(discards.at)} (${relativeTime(discards.at, language, now)})`,
            })}
          </Text>
        ))}
      </div>
    </>
  );
}
