import { describe, expect, it } from 'vitest';
import { codeOf, emptyCode, isCodeComplete, moveByKey, pasteDigits, typeDigit } from './code-boxes';

describe('verification code boxes', () => {
  it('keeps one digit per box and moves on after a digit', () => {
    const first = typeDigit(emptyCode(), 0, '4');
    expect(first).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
    // Typing over a filled box keeps the last digit typed.
    expect(typeDigit(first.digits, 0, '47').digits[0]).toBe('7');
    // The last box keeps the focus.
    expect(typeDigit(emptyCode(), 5, '9').focus).toBeNull();
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
    expect(moveByKey(digits, 1, 'ArrowLeft')?.focus).toBe(0);
    expect(moveByKey(digits, 0, 'ArrowLeft')?.focus).toBeNull();
    expect(moveByKey(digits, 1, 'ArrowRight')?.focus).toBe(2);
    expect(moveByKey(digits, 5, 'ArrowRight')?.focus).toBeNull();
    // Backspace on a filled box empties it; on an empty box it empties the previous one and moves there.
    expect(moveByKey(digits, 1, 'Backspace')).toEqual({ digits: ['1', '', '', '', '', ''], focus: null });
    expect(moveByKey(digits, 2, 'Backspace')).toEqual({ digits: ['1', '', '', '', '', ''], focus: 1 });
    expect(moveByKey(emptyCode(), 0, 'Backspace')).toEqual({ digits: emptyCode(), focus: null });
    expect(moveByKey(digits, 1, 'Enter')).toBeNull();
  });

  it('is complete only with all six digits', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });
});
