import { Input, type InputProps } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { allowDigitKey, allowSignedDecimalKey, keepDigits, keepSignedDecimal, toNumber } from './field-rules';

/**
 * A number input with the key-press limits of spec 5: `digits` lets only digits in (display sequence, spike filter,
 * simple-convert inputs); `signed` also minus and dot (simple-convert outputs); `any` is a plain number.
 * The typed text is kept while it is not yet a number ("-", "1.").
 */
export function LimitedNumberInput(
  props: Omit<InputProps, 'value' | 'onChange' | 'type'> & {
    value: number | null;
    limit: 'digits' | 'signed' | 'any';
    onValue(value: number): void;
  },
) {
  const { value, limit, onValue, ...rest } = props;
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (toNumber(current, NaN) === value ? current : value === null ? '' : String(value)));
  }, [value]);
  const allow = limit === 'digits' ? allowDigitKey : limit === 'signed' ? allowSignedDecimalKey : () => true;
  const keep = limit === 'digits' ? keepDigits : limit === 'signed' ? keepSignedDecimal : (s: string) => s;
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
