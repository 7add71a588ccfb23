import { plainToInstance } from 'class-transformer';
import { ContactInput, contactProblems, type ContactImportReport, type RejectedContactRow } from '../../common';
import type { ImportedContactRow } from './contact-csv';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A checked import: the rows to write, or the rows refused (with any of them, nothing is written). */
export type CheckedImport = { inputs: ContactInput[]; rejected: [] } | { inputs: []; rejected: RejectedContactRow[] };

/**
 * Checks every row as the contacts API would (ContactInput) and refuses a name used twice in the file; a name already
 * in the application is not refused: that row updates the contact.
 */
export function checkImport(rows: readonly ImportedContactRow[], t: Translate): CheckedImport {
  const rejected: RejectedContactRow[] = [];
  const inputs: ContactInput[] = [];
  const rowOfName = new Map<string, number>();
  for (const { row, values } of rows) {
    const problems = contactProblems(values);
    for (const problem of problems) rejected.push({ row, field: problem.field, message: t(problem.code, problem.params) });
    if (problems.length > 0) continue;
    const input = plainToInstance(ContactInput, values);
    const key = input.name.toLowerCase();
    if (rowOfName.has(key)) {
      rejected.push({ row, field: 'name', message: t('notifications.contacts.validation.nameTaken') });
      continue;
    }
    rowOfName.set(key, row);
    inputs.push(input);
  }
  return rejected.length > 0 ? { inputs: [], rejected } : { inputs, rejected: [] };
}

export const emptyReport = (rejected: RejectedContactRow[]): ContactImportReport => ({ created: 0, updated: 0, rejected });
