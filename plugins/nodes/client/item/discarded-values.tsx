import { useTranslation } from 'react-i18next';
import type { FieldDiscards, Item } from '../../common/types';
import { StatusCells, statusTime } from './status-cells';

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
  const { t, i18n } = useTranslation();
  const fields = Object.entries(item.status?.discarded ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (fields.length === 0) return null;
  const reason = (discards: FieldDiscards) =>
    discards.reason === 'spikeFilter'
      ? t('nodes.settings.discardSpikeFilter', { min: discards.min ?? '−∞', max: discards.max ?? '∞' })
      : t('nodes.settings.discardUnreadable', {
          signal: t(`nodes.fieldSettings.signals.${discards.signal ?? 'analog'}`),
        });
  const lines = fields.map(([field, discards]) => ({
    key: field,
    field,
    text: t('nodes.settings.discardedLine', {
      field: item.input[field]?.displayName || field,
      count: discards.count,
      value: discards.value,
      reason: reason(discards),
      time: statusTime(discards.at, i18n.language, now),
    }),
  }));
  return <StatusCells label={t('nodes.settings.discarded')} tone="warning" testId="discarded-values" lines={lines} />;
}
