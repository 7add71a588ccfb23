import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../common/types';
import { asLanguage, formatDateTime, relativeTime } from '../format';

const useStyles = makeStyles({
  label: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

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
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const error = item.sourceError;
  if (!error || (item.lastReceiveDate && Date.parse(item.lastReceiveDate) > Date.parse(error.at))) return null;
  const time = `${formatDateTime(error.at)} (${relativeTime(error.at, asLanguage(i18n.language), now)})`;
  return (
    <>
      <Text className={styles.label}>{t('nodes.settings.lastError')}</Text>
      <Text className={styles.error} data-testid="source-error">
        {t('nodes.settings.lastErrorLine', { message: error.message, time })}
      </Text>
    </>
  );
}
