import type { TFunction } from 'i18next';

/** What the forgot-password page hands the e-mail-sent page: the address and the link's validity from the server. */
export interface EmailSentState {
  email: string;
  validMinutes: number | null;
}

/** The navigation state as the page finds it (anything, after a reload or a typed address). */
export function emailSentState(state: unknown): EmailSentState {
  const value = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const minutes = value.validMinutes;
  return {
    email: typeof value.email === 'string' ? value.email : '',
    validMinutes: typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 ? minutes : null,
  };
}

/** The page's HTML: where the link went, how long it is valid (only when known, never a guess), and the spam hint. */
export function emailSentMessage(t: TFunction, { email, validMinutes }: EmailSentState): string {
  const sentTo = email
    ? t('account.emailSent.message', { email, interpolation: { escapeValue: true } })
    : t('account.emailSent.messageNoEmail');
  const validity = validMinutes === null ? '' : t('account.emailSent.validity', { count: validMinutes });
  return `${sentTo}${validity}${t('account.emailSent.spamHint')}`;
}
