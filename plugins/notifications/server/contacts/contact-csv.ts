import type { Contact } from '../../common';
import { parseCsv, toCsv } from './csv';

/**
 * The columns of the contacts CSV, named after the API's fields so a file reads the same in every language. Import
 * matches them in any case and order; only `name` is required, and columns left out take their defaults.
 */
const FLAG_COLUMNS = ['unsubscribed', 'smsEnable', 'whatsappEnable', 'emailEnable', 'voiceEnable'] as const;
export const CONTACT_CSV_COLUMNS = [
  'name',
  'smsNum',
  'phone',
  'email',
  'department',
  'post',
  'priority',
  'misc',
  ...FLAG_COLUMNS,
] as const;

const FLAGS: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  '1': true,
  false: false,
  no: false,
  n: false,
  '0': false,
};

export function contactsCsv(contacts: readonly Contact[]): string {
  const row = (contact: Contact) =>
    CONTACT_CSV_COLUMNS.map((column) => {
      const value = contact[column];
      return typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
    });
  return toCsv([[...CONTACT_CSV_COLUMNS], ...contacts.map(row)]);
}

/** One record of an imported file as a contact input: its line (the header is 1) and its values, unchecked. */
export interface ImportedContactRow {
  row: number;
  values: Record<string, unknown>;
}

/** Text a flag or number column cannot read stays text, so the input's own rule refuses it with its message. */
function columnValue(column: string, text: string): unknown {
  if ((FLAG_COLUMNS as readonly string[]).includes(column)) return FLAGS[text.toLowerCase()] ?? text;
  if (column === 'priority') return /^\d+$/.test(text) ? Number(text) : text;
  return text;
}

/**
 * The contacts of a CSV file, or null when its header has no `name` column. Unknown columns are ignored; empty cells
 * are left out (defaults), blank lines skipped.
 */
export function readContactsCsv(text: string): ImportedContactRow[] | null {
  const [header = [], ...records] = parseCsv(text);
  const columns = header.map((title) =>
    CONTACT_CSV_COLUMNS.find((column) => column.toLowerCase() === title.trim().toLowerCase()),
  );
  if (!columns.includes('name')) return null;
  return records.flatMap((record, index) => {
    if (record.length === 0) return [];
    const values: Record<string, unknown> = {};
    columns.forEach((column, position) => {
      const text = record[position]?.trim() ?? '';
      if (column && text !== '') values[column] = columnValue(column, text);
    });
    return [{ row: index + 2, values }];
  });
}
