import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, PASTE_FOCUS_DELAY_MS, changeByKey, pasteDigits, typeDigit, type CodeChange } from '../lib/code-boxes';

const useStyles = makeStyles({
  row: { display: 'flex', justifyContent: 'center', gap: tokens.spacingHorizontalS },
  box: {
    width: '46px',
    height: '54px',
    boxSizing: 'border-box',
    textAlign: 'center',
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    fontFamily: tokens.fontFamilyMonospace,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    outlineStyle: 'none',
    ':focus': { border: `2px solid ${tokens.colorBrandStroke1}` },
    '@media (max-width: 400px)': { width: '38px', height: '46px', fontSize: tokens.fontSizeBase600 },
  },
  invalid: { border: `2px solid ${tokens.colorPaletteRedBorder2}` },
});

export interface CodeInputProps {
  digits: string[];
  onChange(digits: string[]): void;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * Six single-digit boxes: digits only, a digit typed into a filled box replaces it, paste filtering, arrows and
 * backspace move between boxes (accounts spec §5).
 */
export function CodeInput({ digits, onChange, invalid = false, disabled = false }: CodeInputProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const focusBox = (index: number | null) => {
    if (index === null) return;
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  };
  const apply = (change: CodeChange, delay = 0) => {
    onChange(change.digits);
    if (change.focus === null) return;
    if (delay === 0) focusBox(change.focus);
    else timer.current = setTimeout(() => focusBox(change.focus), delay);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // Shortcuts (copy, paste, select all) stay the browser's.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const change = changeByKey(digits, index, event.key);
    if (!change) return;
    event.preventDefault();
    apply(change);
  };
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteDigits(digits, index, event.clipboardData.getData('text')), PASTE_FOCUS_DELAY_MS);
  };

  return (
    <div className={styles.row} role="group" aria-label={t('account.verification.codeLabel')}>
      {Array.from({ length: CODE_LENGTH }, (_unused, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={mergeClasses(styles.box, invalid && styles.invalid)}
          value={digits[index] ?? ''}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={t('account.verification.digit', { index: index + 1, count: CODE_LENGTH })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          onChange={(event) => apply(typeDigit(digits, index, event.target.value))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
