import { isRetentionDays } from '../../common';

/**
 * What a retention form shows: keep forever, keep a number of days, or (a field) keep as its application does. `days`
 * is what the days input holds (NaN while its text is no number), kept when another choice is picked meanwhile.
 */
export interface RetentionChoice {
  keep: 'application' | 'forever' | 'days';
  days: number | null;
}

/** The days a form starts from when nothing says how many: a month. */
export const SUGGESTED_DAYS = 30;

/** The choice showing stored days (null: forever; undefined: a field without its own, which keeps its application's). */
export function choiceOf(days: number | null | undefined): RetentionChoice {
  if (days === undefined) return { keep: 'application', days: SUGGESTED_DAYS };
  return days === null ? { keep: 'forever', days: SUGGESTED_DAYS } : { keep: 'days', days };
}

/** The i18n key of what is wrong with the choice (days out of range, as the server also refuses); null when it can be saved. */
export function choiceProblem(choice: RetentionChoice): string | null {
  return choice.keep === 'days' && (choice.days === null || !isRetentionDays(choice.days))
    ? 'device-pipeline.retention.daysProblem'
    : null;
}

/** The days to store: null for forever (a choice with a problem is never sent). */
export function storedDays(choice: RetentionChoice): number | null {
  return choice.keep === 'days' ? choice.days : null;
}

/** Whether the choice says something else than the stored days. */
export function changedFrom(choice: RetentionChoice, stored: number | null | undefined): boolean {
  const before = choiceOf(stored);
  return choice.keep !== before.keep || (choice.keep === 'days' && choice.days !== before.days);
}
