import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

/** Where a pager stands: rows `from`–`to` of `total` (1-based, 0 when empty), page `page` of `pages`. */
export interface PagerPosition {
  from: number;
  to: number;
  total: number;
  page: number;
  pages: number;
}

/**
 * Previous / next under an offset-paged table, with a summary line the caller words (its own i18n keys) and optional
 * controls before it (e.g. a page-size choice).
 */
export function Pager(props: {
  offset: number;
  pageSize: number;
  total: number;
  summary(position: PagerPosition): string;
  previousLabel: string;
  nextLabel: string;
  onChange(offset: number): void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { offset, pageSize, total } = props;
  const to = Math.min(offset + pageSize, total);
  const position: PagerPosition = {
    from: total === 0 ? 0 : offset + 1,
    to,
    total,
    page: Math.floor(offset / pageSize) + 1,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
  return (
    <div className={styles.pager}>
      {props.children}
      <Text size={200}>{props.summary(position)}</Text>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={props.previousLabel}
        disabled={offset <= 0}
        onClick={() => props.onChange(Math.max(0, offset - pageSize))}
      />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={props.nextLabel}
        disabled={to >= total}
        onClick={() => props.onChange(offset + pageSize)}
      />
    </div>
  );
}
