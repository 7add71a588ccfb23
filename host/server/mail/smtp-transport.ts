import { Worker } from 'node:worker_threads';
import type { MailMessage } from '@sensorium/core/server';
import type { FromSmtpThread, SmtpThreadData, ToSmtpThread } from './smtp-thread-messages';

/** How a claimed message leaves the server; nodemailer over SMTP in production. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

interface PendingSend {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * SMTP for an smtp:// or smtps:// URL, through nodemailer in a worker thread of its own (smtp-thread.ts): building and
 * encoding a message costs about half a millisecond of CPU, which a burst of alarm e-mails would otherwise take from
 * the event loop that ingests uplinks. The thread starts with the first message and again after it stopped; a message
 * in flight when it stops fails, and the outbox retries it.
 */
export function smtpTransport(url: string): MailTransport {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, PendingSend>();

  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(new URL('./smtp-thread.mjs', import.meta.url), {
      workerData: { url } satisfies SmtpThreadData,
    });
    started.unref();
    started.on('message', (message: FromSmtpThread) => {
      const send = pending.get(message.id);
      pending.delete(message.id);
      if (message.type === 'sent') send?.resolve();
      else send?.reject(new Error(message.error));
    });
    const lost = (error?: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const send of pending.values()) send.reject(error ?? new Error('the SMTP thread stopped'));
      pending.clear();
    };
    started.on('error', lost);
    started.on('exit', () => lost());
    worker = started;
    return started;
  };

  return {
    deliver(message) {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread().postMessage({ type: 'send', id, message } satisfies ToSmtpThread);
      });
    },
    close() {
      worker?.postMessage({ type: 'close' } satisfies ToSmtpThread);
      worker = null;
    },
  };
}
