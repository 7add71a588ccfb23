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

/** A started SMTP thread and its messages not answered yet. */
interface SmtpThread {
  worker: Worker;
  pending: Map<number, PendingSend>;
}

/**
 * SMTP for an smtp:// or smtps:// URL, through nodemailer in a worker thread of its own (smtp-thread.ts): building and
 * encoding a message costs about half a millisecond of CPU, which a burst of alarm e-mails would otherwise take from
 * the event loop that ingests uplinks. The thread starts with the first message and again after it stopped; a message
 * in flight when it stops fails, and the outbox retries it.
 */
export function smtpTransport(url: string): MailTransport {
  let current: SmtpThread | null = null;
  let nextId = 1;

  const thread = (): SmtpThread => {
    if (current) return current;
    const started: SmtpThread = {
      worker: new Worker(new URL('./smtp-thread.mjs', import.meta.url), { workerData: { url } satisfies SmtpThreadData }),
      pending: new Map(),
    };
    started.worker.unref();
    started.worker.on('message', (message: FromSmtpThread) => {
      const send = started.pending.get(message.id);
      started.pending.delete(message.id);
      if (message.type === 'sent') send?.resolve();
      else send?.reject(new Error(message.error));
    });
    // Whatever the thread had not answered when it stopped (closed or crashed) fails, so no delivery waits forever.
    const lost = (error?: Error) => {
      if (current === started) current = null;
      for (const send of started.pending.values()) send.reject(error ?? new Error('the SMTP thread stopped'));
      started.pending.clear();
    };
    started.worker.on('error', lost);
    started.worker.on('exit', () => lost());
    current = started;
    return started;
  };

  return {
    deliver(message) {
      const id = nextId++;
      const { worker, pending } = thread();
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'send', id, message } satisfies ToSmtpThread);
      });
    },
    close() {
      current?.worker.postMessage({ type: 'close' } satisfies ToSmtpThread);
      current = null;
    },
  };
}
