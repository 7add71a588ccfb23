import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, PASSWORD_MAX_LENGTH } from '../lib/validation';
import { useFormStyles } from './form-styles';

/** The props that put a Field in its error state with the translated `account.<key>` text, or none. */
export function useFieldState() {
  const { t } = useTranslation();
  return (key: string | undefined) => (key ? { validationState: 'error' as const, validationMessage: t(`account.${key}`) } : {});
}

/** The full-width primary button that submits an account form, with a spinner and its busy label while working. */
export function SubmitButton(props: { busy: boolean; disabled?: boolean; label: string; busyLabel: string; className?: string }) {
  const styles = useFormStyles();
  return (
    <Button
      className={props.className ?? styles.full}
      type="submit"
      appearance="primary"
      size="large"
      disabled={props.disabled ?? props.busy}
      icon={props.busy ? <Spinner size="tiny" /> : undefined}
    >
      {props.busy ? props.busyLabel : props.label}
    </Button>
  );
}

/**
 * A new password and its confirmation (sign-up, reset password), each with its error (an `account.` key). Both take
 * at most 20 characters (what the login form takes) and say so, with how many are typed, so nothing is cut silently.
 */
export function PasswordFields(props: {
  labels: { password: string; confirmPassword: string };
  values: { password: string; confirmPassword: string };
  errors: { password?: string; confirmPassword?: string };
  autoFocus?: boolean;
  onChange(field: 'password' | 'confirmPassword', value: string): void;
}) {
  const { t } = useTranslation();
  const fieldState = useFieldState();
  const lengthHint = (value: string) =>
    t('account.passwordFields.lengthHint', { min: MIN_PASSWORD_LENGTH, max: PASSWORD_MAX_LENGTH, length: value.length });
  return (
    <>
      {(['password', 'confirmPassword'] as const).map((field) => (
        <Field
          key={field}
          label={props.labels[field]}
          hint={lengthHint(props.values[field])}
          required
          {...fieldState(props.errors[field])}
        >
          <Input
            type="password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={props.values[field]}
            autoComplete="new-password"
            autoFocus={field === 'password' && props.autoFocus}
            onChange={(_event, data) => props.onChange(field, data.value)}
          />
        </Field>
      ))}
    </>
  );
}
