import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import { serverFeedback, type FieldErrors } from './form';

/**
 * A form's submit: `saving` while the call runs; a failure shows the server's messages under the fields it names,
 * or else as an error toast.
 */
export function useFormSubmit(setErrors: (errors: FieldErrors) => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (call: () => Promise<void>) => {
    setSaving(true);
    try {
      await call();
    } catch (error) {
      const feedback = await serverFeedback(error);
      if (feedback && Object.keys(feedback.fields).length > 0) setErrors(feedback.fields);
      else notify({ intent: 'error', title: feedback?.message ?? t('users.errors.generic') });
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
