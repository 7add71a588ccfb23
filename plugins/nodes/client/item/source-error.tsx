import { useTranslation } from 'react-i18next';
import type { Item } from '../../common/types';
import { StatusCells, statusTime } from './status-cells';

export interface SourceErrorProps {
  item: Item;
  /** The page's clock, for the relative time. */
  now: number;
}

/**
 * Two cells of the Settings tab's grid while the item's source failed to give data (a crawler URL that answered no
 * JSON…): the message and when. Data received after it (a live push) means the source answered again: nothing then.
 */
export function SourceErrorLine({ item, now }: SourceErrorProps) {
  const { t, i18n } = useTranslation();
  const error = item.sourceError;
  if (!error || (item.lastReceiveDate && Date.parse(item.lastReceiveDate) > Date.parse(error.at))) return null;
  const text = t('nodes.settings.lastErrorLine', { message: error.message, time: statusTime(error.at, i18n.language, now) });
  return (
    <StatusCells label={t('nodes.settings.lastError')} tone="error" testId="source-error" lines={[{ key: 'error', text }]} />
  );
}
