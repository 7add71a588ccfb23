import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { types, type Instance } from 'mobx-state-tree';
import { organisationScopedModel, RequestModel, track } from '@sensorium/core/client';
import { RATE_LIMIT_BOUNDS, RateLimitInput, type RateLimit, type RateLimitAnswer } from '../../common';
import type { FieldProblem } from '../providers/store';

export { RATE_LIMIT_STORE } from './store-name';

/** The form's numbers as the inputs hold them (text). */
export type RateLimitForm = Record<keyof RateLimit, string>;

/** The API's body from the form: numbers (text that is not one stays as it is, for the rules to refuse). */
export function rateLimitInput(form: RateLimitForm): Record<keyof RateLimit, unknown> {
  const number = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));
  return { maxSent: number(form.maxSent), windowMinutes: number(form.windowMinutes) };
}

/** The form's problems by field, with the rules the server applies (RateLimitInput). */
export function rateLimitFormErrors(form: RateLimitForm): Partial<Record<keyof RateLimit, FieldProblem>> {
  const errors: Partial<Record<keyof RateLimit, FieldProblem>> = {};
  for (const problem of validateSync(plainToInstance(RateLimitInput, rateLimitInput(form)))) {
    const field = problem.property as keyof RateLimit;
    const rule = Object.keys(problem.constraints ?? {})[0];
    const [least, most] = RATE_LIMIT_BOUNDS[field];
    if (rule === 'min') errors[field] = { key: 'validation.min', params: { constraint1: least } };
    else if (rule === 'max') errors[field] = { key: 'validation.max', params: { constraint1: most } };
    else errors[field] = { key: 'validation.isInt' };
  }
  return errors;
}

/** The per-contact notification rate limit of an organisation (GET/PUT /notifications/rate-limit). */
export const RateLimitStore = organisationScopedModel('NotificationRateLimit', 'notifications/rate-limit')
  .props({
    answer: types.maybeNull(types.frozen<RateLimitAnswer>()),
    saving: types.optional(RequestModel, {}),
    /** The last save succeeded and the form was not edited since. */
    saved: false,
    /** Counts the answers shown, so the form starts afresh from each one. */
    revision: 0,
  })
  .views((self) => ({
    /** A cloud user who chose no organisation sees the default and changes nothing. */
    get needsOrganisation(): boolean {
      return self.answer !== null && self.answer.organisationId === null;
    },
  }))
  .actions((self) => ({
    show(answer: RateLimitAnswer, saved: boolean) {
      self.answer = answer;
      self.saved = saved;
      self.revision++;
    },
    edited() {
      self.saved = false;
    },
  }))
  .actions((self) => ({
    async open(organisationId: string | null): Promise<void> {
      self.answer = null;
      self.saving.clear();
      const answer = await self.fetch<RateLimitAnswer>(organisationId);
      if (answer) self.show(answer, false);
    },
    async save(form: RateLimitForm): Promise<boolean> {
      const outcome = await track(self.saving, () => self.call<RateLimitAnswer>('put', { json: rateLimitInput(form) }));
      if (outcome.ok) self.show(outcome.value, true);
      return outcome.ok;
    },
  }));

export type RateLimitStoreInstance = Instance<typeof RateLimitStore>;
