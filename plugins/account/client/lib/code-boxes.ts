/** The six single-digit boxes of the verification page (accounts spec §5, §9), as pure state changes. */

export const CODE_LENGTH = 6;
/** After a paste the focus moves once the boxes have re-rendered. */
export const PASTE_FOCUS_DELAY_MS = 10;

export type CodeDigits = readonly string[];

export interface CodeChange {
  digits: string[];
  /** The box to focus next, or null to keep the focus where it is. */
  focus: number | null;
}

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

export const isCodeComplete = (digits: CodeDigits): boolean =>
  digits.length === CODE_LENGTH && digits.every((digit) => /^\d$/.test(digit));

export const codeOf = (digits: CodeDigits): string => digits.join('');

/** A digit typed into box `index` replaces what it held, whatever it was, and the focus moves to the next box. */
function putDigit(digits: CodeDigits, index: number, digit: string): CodeChange {
  const next = [...digits];
  next[index] = digit;
  return { digits: next, focus: index < CODE_LENGTH - 1 ? index + 1 : null };
}

/**
 * What the browser left in box `index` after an input (typing the keyboard did not report, autofill, a phone's
 * keyboard): empty clears the box; the box's old digit beside a new one gives the new one, wherever the caret was;
 * several new digits fill the boxes from there on, as a paste does; anything else leaves the box as it was.
 */
export function typeDigit(digits: CodeDigits, index: number, value: string): CodeChange {
  if (value === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: null };
  }
  const old = digits[index] ?? '';
  let typed = digitsOnly(value);
  if (old !== '' && typed.length > 1 && typed.includes(old)) typed = typed.replace(old, '');
  if (typed === '') return { digits: [...digits], focus: null };
  return typed.length === 1 ? putDigit(digits, index, typed) : pasteDigits(digits, index, typed);
}

/** Pasting into box `index`: non-digits are dropped and the rest fill the boxes from there on. */
export function pasteDigits(digits: CodeDigits, index: number, text: string): CodeChange {
  const pasted = digitsOnly(text).slice(0, CODE_LENGTH - index);
  if (pasted === '') return { digits: [...digits], focus: null };
  const next = [...digits];
  for (let offset = 0; offset < pasted.length; offset += 1) next[index + offset] = pasted[offset]!;
  return { digits: next, focus: Math.min(index + pasted.length, CODE_LENGTH - 1) };
}

/**
 * Keys on a box: a digit replaces the box's digit, even the same one, and moves on (the browser would report no change
 * for the same digit over a selected one, so the focus would stay); arrows move left and right; Backspace empties the
 * box, or on an empty box moves back and empties that one. Returns null for keys the boxes leave to the browser.
 */
export function changeByKey(digits: CodeDigits, index: number, key: string): CodeChange | null {
  if (/^\d$/.test(key)) return putDigit(digits, index, key);
  switch (key) {
    case 'ArrowLeft':
      return { digits: [...digits], focus: index > 0 ? index - 1 : null };
    case 'ArrowRight':
      return { digits: [...digits], focus: index < CODE_LENGTH - 1 ? index + 1 : null };
    case 'Backspace': {
      const next = [...digits];
      if (next[index]) {
        next[index] = '';
        return { digits: next, focus: null };
      }
      if (index === 0) return { digits: next, focus: null };
      next[index - 1] = '';
      return { digits: next, focus: index - 1 };
    }
    default:
      return null;
  }
}
