import { Input, type InputProps } from '@fluentui/react-components';
import { useState } from 'react';
import { allowKeyFor, readTyped, toNumber, type NumberInputLimit } from './number-input-rules';

/**
 * A number input with a key-press limit: `digits` lets only digits in, `signed` also minus and dot, `any` is a plain
 * number. The typed text is kept while it is not yet a number ("-", "1."); a new `value` from outside replaces it.
 * With `reportInvalid`, such text is reported as NaN, so a form that validates what is on screen can refuse it
 * instead of saving the last number behind it. With `onClear`, an emptied input means "no number" (null values).
 */
export function LimitedNumberInput(
  props: Omit<InputProps, 'value' | 'onChange' | 'type'> & {
    value: number | null;
    limit: NumberInputLimit;
    reportInvalid?: boolean;
    onValue(value: number): void;
    onClear?(): void;
  },
) {
  const { value, limit, reportInvalid = false, onValue, onClear, ...rest } = props;
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  // A value from outside (not the one this input just reported) replaces the text, during render rather than in an effect.
  if (!Object.is(shown, value)) {
    setShown(value);
    // NaN is this input's own report of text that is not a number: that text stays.
    if (!Number.isNaN(value) && toNumber(text, NaN) !== value) setText(value === null ? '' : String(value));
  }
  const allow = allowKeyFor(limit);
  return (
    <Input
      {...rest}
      inputMode={limit === 'digits' ? 'numeric' : 'decimal'}
      value={text}
      onKeyDown={(event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (event.key.length === 1 && !allow(event.key)) event.preventDefault();
      }}
      onChange={(_, data) => {
        const typed = readTyped(data.value, limit, reportInvalid);
        setText(typed.text);
        if (onClear && typed.text.trim() === '') onClear();
        else if (typed.report !== undefined) onValue(typed.report);
      }}
    />
  );
}
