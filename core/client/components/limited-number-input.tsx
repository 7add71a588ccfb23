import { Input, type InputProps } from '@fluentui/react-components';
import { useState } from 'react';
import { allowKeyFor, keepTextFor, toNumber, type NumberInputLimit } from './number-input-rules';

/**
 * A number input with a key-press limit: `digits` lets only digits in, `signed` also minus and dot, `any` is a plain
 * number. The typed text is kept while it is not yet a number ("-", "1."); a new `value` from outside replaces it.
 */
export function LimitedNumberInput(
  props: Omit<InputProps, 'value' | 'onChange' | 'type'> & {
    value: number | null;
    limit: NumberInputLimit;
    onValue(value: number): void;
  },
) {
  const { value, limit, onValue, ...rest } = props;
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  // A value from outside (not the one this input just reported) replaces the text, during render rather than in an effect.
  if (shown !== value) {
    setShown(value);
    if (toNumber(text, NaN) !== value) setText(value === null ? '' : String(value));
  }
  const allow = allowKeyFor(limit);
  const keep = keepTextFor(limit);
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
        const next = keep(data.value);
        setText(next);
        const parsed = toNumber(next, NaN);
        if (Number.isFinite(parsed)) onValue(parsed);
      }}
    />
  );
}
