import type { MailMessage } from '@sensorium/core/server';

/** What the SMTP thread starts with. */
export interface SmtpThreadData {
  url: string;
}

/** Main thread → SMTP thread. */
export type ToSmtpThread = { type: 'send'; id: number; message: MailMessage & { from: string } } | { type: 'close' };

/** SMTP thread → main thread: the server took the message, or why not. */
export type FromSmtpThread = { type: 'sent'; id: number } | { type: 'failed'; id: number; error: string };
