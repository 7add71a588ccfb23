import { useTranslation } from 'react-i18next';
import { readApiError, useNotify } from '@sensorium/core/client';

/**
 * What a list page does after a change: `done` closes the dialog, confirms and reloads; `attempt` runs a call from a
 * row (delete, enable) and reports a failure as an error toast.
 */
export function useListActions(reload: () => Promise<unknown>, close: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const done = async (message: string) => {
    close();
    notify({ intent: 'success', title: message });
    await reload();
  };
  const attempt = async (call: () => Promise<unknown>, message?: string) => {
    try {
      await call();
      if (message === undefined) await reload();
      else await done(message);
    } catch (error) {
      notify({ intent: 'error', title: (await readApiError(error))?.message ?? t('users.errors.generic') });
    }
  };
  return { done, attempt };
}
