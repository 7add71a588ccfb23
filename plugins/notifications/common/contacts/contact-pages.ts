import type { Contact } from '../contact-directory';

/** GET /notifications/:appId/contacts: one page of the application's contacts, by name. */
export interface ContactPage {
  total: number;
  contacts: Contact[];
}

/** A CSV row the import refused: its line in the file (the header is line 1), the field and the translated reason. */
export interface RejectedContactRow {
  row: number;
  field: string;
  message: string;
}

/**
 * POST /notifications/:appId/contacts/import. The import is all or nothing: with any rejected row nothing is written
 * (created and updated are 0), so a corrected file can simply be imported again.
 */
export interface ContactImportReport {
  created: number;
  updated: number;
  rejected: RejectedContactRow[];
}
