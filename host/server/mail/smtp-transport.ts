import { Worker } from 'node:worker_threads';
import type { MailMessage } from '@sensorium/core/server';

/** How a claimed message leaves the server; nodemailer over SMTP in production. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

interface SendAnswer {
  id: number;
  /** The SMTP failure's message; none when the server took the message. */
  error?: string;
}

/**
 * nodemailer's SMTP transport for an smtp:// or smtps:// URL (its query string may set further nodemailer options).
 * The timeouts keep a stalled server from holding a message past its claim, after which another run would send it again.
 * Pooled: a burst of alarm e-mails reuses a few open connections instead of a TCP (and TLS) handshake and greeting each.
 * The pool runs in a worker thread of its own (smtp-thread.mjs): building MIME messages and talking SMTP then costs the
 * event loop that takes uplinks and answers the console nothing but a message post, which matters in an alarm burst.
 */
export function smtpTransport(url: string): MailTransport {
  const options = {
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let thread: Worker | null = null;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  /** The thread, started on first use and again after one ended, so a crashed pool costs only the sends it held. */
  const running = () => {
    if (thread) return thread;
    const started = new Worker(new URL('./smtp-thread.mjs', import.meta.url), { workerData: options });
    // An idle pool does not keep the process alive; a send waiting for its answer holds its caller, not the thread.
    started.unref();
    started.on('message', ({ id, error }: SendAnswer) => {
      const sender = waiting.get(id);
      waiting.delete(id);
      if (error === undefined) sender?.resolve();
      else sender?.reject(new Error(error));
    });
    started.on('error', failAll);
    started.on('exit', () => {
      if (thread === started) thread = null;
      failAll(new Error('the SMTP thread ended'));
    });
    thread = started;
    return started;
  };
  return {
    deliver: (message) =>
      new Promise<void>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        running().postMessage({ id, message });
      }),
    close() {
      thread?.postMessage('close');
      thread = null;
    },
  };
}
