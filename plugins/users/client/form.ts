import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { TFunction } from 'i18next';

export type FieldErrors = Record<string, string>;

/** The message of one failed field: the plugin's own key when the rule names one, else a general text. */
function messageOf(error: ValidationError, t: TFunction): string {
  const messages = Object.values(error.constraints ?? {});
  const key = messages.find((message) => message.startsWith('users.'));
  return key ? t(key) : t('users.validation.invalid');
}

/** Validates form values with the route's own input model, as the server will; one message per field. */
export function fieldErrors<T extends object>(model: new () => T, values: object, t: TFunction): FieldErrors {
  const errors = validateSync(plainToInstance(model, values), { forbidUnknownValues: false });
  return Object.fromEntries(errors.map((error) => [error.property, messageOf(error, t)]));
}

/** `a, b,, c` → ['a', 'b', 'c']. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}
