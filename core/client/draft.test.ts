import { describe, expect, it } from 'vitest';
import { draftValue, editDraft, rebaseDraft } from './draft';

describe('a form draft', () => {
  it('shows the saved value until the user types, then the typed value whatever is saved meanwhile', () => {
    expect(draftValue(null, 'saved')).toBe('saved');
    const typed = editDraft(null, 'saved', 'typed');
    // A push or a reload brings a newer saved value: the typed one stays on screen, based on what it started from.
    expect(draftValue(typed, 'newer')).toBe('typed');
    expect(editDraft(typed, 'newer', (current) => `${current}!`)).toEqual({ value: 'typed!', base: 'saved' });
  });

  it('takes the value saved meanwhile as its base after a conflict, keeping what was typed', () => {
    const typed = editDraft(null, ['a'], ['a', 'b']);
    expect(rebaseDraft(typed, ['c'])).toEqual({ value: ['a', 'b'], base: ['c'] });
    expect(rebaseDraft(null, ['c'])).toBeNull();
  });
});
