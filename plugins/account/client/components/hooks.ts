import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '@sensorium/core/client';
import { createAccountApi, type AccountApi } from '../lib/account-api';
import type { FailureText } from '../lib/messages';

export function useAccountApi(): AccountApi {
  const http = useHttp();
  return useMemo(() => createAccountApi(http), [http]);
}

/** Turns a FailureText into the text to show: the server's message as is, or the catalogue text. */
export function useFailureText(): (failure: FailureText) => string {
  const { t } = useTranslation();
  return useCallback((failure: FailureText) => ('message' in failure ? failure.message : t(`account.${failure.key}`)), [t]);
}
