import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { CONTACT_TEXT_LIMITS, ContactInput } from './contact-inputs';

/** What is wrong with one field: an i18n key (the plugin's own, or core's `validation.<rule>`) and its parameters. */
export interface ContactProblem {
  field: string;
  code: string;
  params: Record<string, string | number>;
}

const OWN_KEY = 'notifications.';

function problemOf(error: ValidationError): ContactProblem {
  // Decorators register bottom-up: the last entry is the rule written first, as the server reports it.
  const [constraint, message] = Object.entries(error.constraints ?? {}).reverse()[0] ?? ['invalid', ''];
  const code = message.startsWith(OWN_KEY) ? message : `validation.${constraint}`;
  const limit = CONTACT_TEXT_LIMITS[error.property as keyof typeof CONTACT_TEXT_LIMITS];
  return { field: error.property, code, params: limit === undefined ? {} : { constraint1: limit } };
}

/**
 * Checks a contact as the server's ContactInput does (the page's form before it sends, the CSV import per row): one
 * problem per field, none when the contact is valid.
 */
export function contactProblems(values: object): ContactProblem[] {
  const errors = validateSync(plainToInstance(ContactInput, values), { forbidUnknownValues: false });
  return errors.filter((error) => error.constraints).map(problemOf);
}
