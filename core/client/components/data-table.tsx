import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  type TableRowProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  // Fluent's fixed layout shares the width equally, so long values (e-mail addresses, times) run into the next column;
  // columns sized by their content keep each value in its cell, and a table wider than the page scrolls sideways.
  table: { tableLayout: 'auto', width: 'auto', minWidth: '100%' },
});

/** One column of a DataTable: its header and how a row fills its cell. */
export interface DataColumn<Row> {
  id: string;
  header?: ReactNode;
  cell(row: Row): ReactNode;
  className?: string;
}

/**
 * A console list table: header cells from the columns, one row a record, scrolled sideways when wider than the page.
 * Without rows (and not loading) it shows the `empty` text instead.
 */
export function DataTable<Row>(props: {
  label: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  empty: ReactNode;
  loading?: boolean;
  size?: 'small' | 'medium';
  rowProps?(row: Row): TableRowProps;
}) {
  const styles = useStyles();
  if (props.rows.length === 0 && !props.loading) return <Text>{props.empty}</Text>;
  return (
    <div className={styles.scroll}>
      <Table aria-label={props.label} size={props.size ?? 'small'} className={styles.table}>
        <TableHeader>
          <TableRow>
            {props.columns.map((column) => (
              <TableHeaderCell key={column.id}>{column.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={props.rowKey(row)} {...props.rowProps?.(row)}>
              {props.columns.map((column) => (
                <TableCell key={column.id} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
