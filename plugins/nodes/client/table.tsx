import { makeStyles, Table, TableBody, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  // Fluent's fixed layout gives every column the same share, so on a phone a field's name runs into the next column;
  // columns sized by their content keep each value in its cell, and a table wider than the screen scrolls sideways.
  table: { tableLayout: 'auto', width: 'auto', minWidth: '100%' },
});

/** A small table with one header row: each column a label, optionally with a class. */
export function SmallTable(props: {
  label: string;
  columns: readonly (string | { label: string; className?: string })[];
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={props.label} className={styles.table}>
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
    </div>
  );
}
