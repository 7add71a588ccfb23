import { Table, TableBody, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ReactNode } from 'react';

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
