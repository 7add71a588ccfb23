import { describe, expect, it } from 'vitest';
import { changedFrom, choiceOf, choiceProblem, storedDays, SUGGESTED_DAYS } from './retention-choice';

describe('retention choices', () => {
  it('shows stored days as a choice and stores a choice as days', () => {
    expect(choiceOf(null)).toEqual({ keep: 'forever', days: SUGGESTED_DAYS });
    expect(choiceOf(90)).toEqual({ keep: 'days', days: 90 });
    expect(choiceOf(undefined)).toEqual({ keep: 'application', days: SUGGESTED_DAYS });
    expect(storedDays({ keep: 'days', days: 90 })).toBe(90);
    expect(storedDays({ keep: 'forever', days: 90 })).toBeNull();
  });

  it('refuses days the server would refuse, only while days are chosen', () => {
    for (const days of [0, 36_501, 1.5, NaN, null]) expect(choiceProblem({ keep: 'days', days })).not.toBeNull();
    expect(choiceProblem({ keep: 'days', days: 1 })).toBeNull();
    expect(choiceProblem({ keep: 'days', days: 36_500 })).toBeNull();
    expect(choiceProblem({ keep: 'forever', days: NaN })).toBeNull();
  });

  it('tells a changed choice from the stored one', () => {
    expect(changedFrom({ keep: 'days', days: 30 }, 30)).toBe(false);
    expect(changedFrom({ keep: 'days', days: 31 }, 30)).toBe(true);
    expect(changedFrom({ keep: 'forever', days: 12 }, null)).toBe(false);
    expect(changedFrom({ keep: 'forever', days: 12 }, undefined)).toBe(true);
    expect(changedFrom({ keep: 'application', days: 30 }, undefined)).toBe(false);
  });
});
