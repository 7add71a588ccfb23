import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
});

/** Where a pager stands: rows `from`–`to` of `total` (1-based, 0 when empty). */
export function pagerPosition(offset: number, pageSize: number, total: number): { from: number; to: number } {
  return { from: total === 0 ? 0 : Math.min(offset + 1, total), to: Math.min(offset + pageSize, total) };
}

/**
 * The one pager of the console, under every paged table and list: "1–10 of 12" with previous / next, worded by core in
 * the user's language, and optional controls before it (e.g. a page-size choice). Offsets count rows from 0.
 */
export function Pager(props: {
  offset: number;
  pageSize: number;
  total: number;
  onChange(offset: number): void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { offset, pageSize, total } = props;
  const { from, to } = pagerPosition(offset, pageSize, total);
  return (
    <div className={styles.pager}>
      {props.children}
      <Text size={200}>{t('core.client.pager.summary', { from, to, total })}</Text>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={t('core.client.pager.previous')}
        disabled={offset <= 0}
        onClick={() => props.onChange(Math.max(0, offset - pageSize))}
      />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={t('core.client.pager.next')}
        disabled={to >= total}
        onClick={() => props.onChange(offset + pageSize)}
      />
    </div>
  );
}
