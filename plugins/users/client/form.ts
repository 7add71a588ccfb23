import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { TFunction } from 'i18next';
import { readApiError } from '@sensorium/core/client';

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

/**
 * A failed call as form feedback: the server's (translated) message per offending field, or one message for the form.
 * `null` when the failure carried no message (a network error): the caller shows its general text.
 */
export async function serverFeedback(error: unknown): Promise<{ fields: FieldErrors; message: string } | null> {
  const body = await readApiError(error);
  if (!body) return null;
  const fields: FieldErrors = {};
  for (const problem of body.fields ?? []) fields[problem.field] ??= problem.message;
  if (body.field && !fields[body.field]) fields[body.field] = body.message;
  return { fields, message: body.message };
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
