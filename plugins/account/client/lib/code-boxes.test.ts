import { describe, expect, it } from 'vitest';
import { changeByKey, codeOf, emptyCode, isCodeComplete, pasteDigits, typeDigit, type CodeChange } from './code-boxes';

/** Keys pressed one after another from box `index`, the focus following each change as the boxes move it. */
function pressKeys(digits: string[], index: number, keys: string[]): CodeChange {
  let state: CodeChange = { digits, focus: index };
  let focus = index;
  for (const key of keys) {
    state = changeByKey(state.digits, focus, key) ?? state;
    focus = state.focus ?? focus;
  }
  return state;
}

describe('verification code boxes', () => {
  it('keeps one digit per box and moves on after a digit', () => {
    const first = typeDigit(emptyCode(), 0, '4');
    expect(first).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
    // The last box keeps the focus.
    expect(typeDigit(emptyCode(), 5, '9').focus).toBeNull();
  });

  it('replaces the digits of a filled code when a new code is typed over it, the same digits too (issue 12 item 12)', () => {
    // Before, a digit equal to the box's own changed nothing, so the focus stayed and the next digits landed a box early.
    expect(codeOf(pressKeys('976657'.split(''), 0, '976656'.split('')).digits)).toBe('976656');
    expect(codeOf(pressKeys('111111'.split(''), 0, '111111'.split('')).digits)).toBe('111111');
    expect(pressKeys('123456'.split(''), 2, ['3']).focus).toBe(3);
  });

  it('takes the new digit when the browser leaves the old one beside it, wherever the caret was', () => {
    expect(typeDigit(['7', '', '', '', '', ''], 0, '47')).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
    expect(typeDigit(['7', '', '', '', '', ''], 0, '74')).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
    expect(typeDigit(['7', '', '', '', '', ''], 0, '77')).toEqual({ digits: ['7', '', '', '', '', ''], focus: 1 });
    // A whole code arriving in one box (autofill of a one-time code) fills the boxes.
    expect(typeDigit(emptyCode(), 0, '123456')).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focus: 5 });
  });

  it('ignores anything but digits', () => {
    const digits = ['1', '', '', '', '', ''];
    expect(typeDigit(digits, 1, 'a')).toEqual({ digits, focus: null });
    expect(typeDigit(digits, 1, ' ')).toEqual({ digits, focus: null });
    expect(typeDigit(digits, 1, 'x3')).toEqual({ digits: ['1', '3', '', '', '', ''], focus: 2 });
  });

  it('clears a box', () => {
    expect(typeDigit(['1', '2', '', '', '', ''], 1, '')).toEqual({ digits: ['1', '', '', '', '', ''], focus: null });
  });

  it('fills the boxes from a paste, dropping non-digits', () => {
    const pasted = pasteDigits(emptyCode(), 0, ' 12-34 5a6 ');
    expect(pasted).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(isCodeComplete(pasted.digits)).toBe(true);
    expect(codeOf(pasted.digits)).toBe('123456');
    expect(pasteDigits(emptyCode(), 2, '98765')).toEqual({ digits: ['', '', '9', '8', '7', '6'], focus: 5 });
    expect(pasteDigits(emptyCode(), 0, '12')).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(pasteDigits(emptyCode(), 0, 'code')).toEqual({ digits: emptyCode(), focus: null });
  });

  it('moves with the arrows and backspace', () => {
    const digits = ['1', '2', '', '', '', ''];
    expect(changeByKey(digits, 1, 'ArrowLeft')?.focus).toBe(0);
    expect(changeByKey(digits, 0, 'ArrowLeft')?.focus).toBeNull();
    expect(changeByKey(digits, 1, 'ArrowRight')?.focus).toBe(2);
    expect(changeByKey(digits, 5, 'ArrowRight')?.focus).toBeNull();
    // Backspace on a filled box empties it; on an empty box it empties the previous one and moves there.
    expect(changeByKey(digits, 1, 'Backspace')).toEqual({ digits: ['1', '', '', '', '', ''], focus: null });
    expect(changeByKey(digits, 2, 'Backspace')).toEqual({ digits: ['1', '', '', '', '', ''], focus: 1 });
    expect(changeByKey(emptyCode(), 0, 'Backspace')).toEqual({ digits: emptyCode(), focus: null });
    expect(changeByKey(digits, 1, 'Enter')).toBeNull();
    expect(changeByKey(digits, 1, 'a')).toBeNull();
  });

  it('is complete only with all six digits', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });
});
