import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * The i18n key of the first problem of one field, validating with the same input model the server uses: the decorator's
 * own message when it is a key (`backups.validation.descriptionRequired`), else `validation.<constraint>`; null when valid.
 */
export function fieldError<T extends object>(model: new () => T, values: Partial<T>, field: keyof T & string): string | null {
  const problem = validateSync(plainToInstance(model, values)).find((error) => error.property === field);
  const [constraint, message] = Object.entries(problem?.constraints ?? {}).at(-1) ?? [];
  if (!constraint || message === undefined) return null;
  return message.includes('.') && !message.includes(' ') ? message : `validation.${constraint}`;
}
