import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Turns a store's failure text into the text to show: the server's message as is, or the catalogue text. */
export function useFailureText(): (failure: { message: string | null; key: string | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    (failure: { message: string | null; key: string | null }) => failure.message ?? t(`account.${failure.key ?? ''}`),
    [t],
  );
}
