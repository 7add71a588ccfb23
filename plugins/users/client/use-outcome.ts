import { useTranslation } from 'react-i18next';
import { useNotify, type Failure, type Outcome } from '@sensorium/core/client';

/** Whether the server named the fields it refused: a form shows those messages under them. */
export const hasFieldErrors = (failure: Failure) => Object.keys(failure.fields).length > 0;

/** Whether the server named this field: a form with only that field to show shows it under it. */
export const namesField = (field: string) => (failure: Failure) => field in failure.fields;

/** A dialog that shows any failure itself (under its choice). */
export const shownByDialog = () => true;

/**
 * What a page does with the outcome of a change: a success closes the dialog (`close`) and confirms with `message`;
 * a failure shows the server's message (or a general text) as an error toast, unless the dialog shows it itself
 * (`failureShown`, e.g. under the fields the server named).
 */
export function useOutcome() {
  const { t } = useTranslation();
  const notify = useNotify();
  const toastFailure = (failure: Failure) => notify({ intent: 'error', title: failure.message ?? t('users.errors.generic') });
  return {
    toastFailure,
    settle(
      outcome: Outcome<void>,
      done: { close?(): void; message?: string; failureShown?: (failure: Failure) => boolean } = {},
    ): void {
      if (outcome.ok) {
        done.close?.();
        if (done.message) notify({ intent: 'success', title: done.message });
      } else if (!done.failureShown?.(outcome.failure)) {
        toastFailure(outcome.failure);
      }
    },
  };
}
