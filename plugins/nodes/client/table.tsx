import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  pager: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

/** A small table with one header row: each column a label, optionally with a class. */
export function SmallTable(props: {
  label: string;
  columns: readonly (string | { label: string; className?: string })[];
  children: ReactNode;
}) {
  return (
    <Table size="small" aria-label={props.label}>
      <TableHeader>
        <TableRow>
          {props.columns.map((column) =>
            typeof column === 'string' ? (
              <TableHeaderCell key={column}>{column}</TableHeaderCell>
            ) : (
              <TableHeaderCell key={column.label} className={column.className}>
                {column.label}
              </TableHeaderCell>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{props.children}</TableBody>
    </Table>
  );
}

/** Previous / page text / Next under a paged table; `page` counts from 0. */
export function Pager(props: { page: number; pages: number; text: string; onPage(page: number): void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.pager}>
      <Button size="small" disabled={props.page === 0} onClick={() => props.onPage(props.page - 1)}>
        {t('nodes.pager.previous')}
      </Button>
      <Text size={200}>{props.text}</Text>
      <Button size="small" disabled={props.page + 1 >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        {t('nodes.pager.next')}
      </Button>
    </div>
  );
}
