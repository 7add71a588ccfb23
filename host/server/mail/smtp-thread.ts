import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import type { FromSmtpThread, SmtpThreadData, ToSmtpThread } from './smtp-thread-messages';

/**
 * nodemailer's SMTP transport for an smtp:// or smtps:// URL (its query string may set further nodemailer options).
 * The timeouts keep a stalled server from holding a message past its claim, after which another run would send it again.
 * Pooled: a burst of alarm e-mails reuses a few open connections instead of a TCP (and TLS) handshake and greeting each.
 */
const { url } = workerData as SmtpThreadData;
const transporter = nodemailer.createTransport({
  url,
  pool: true,
  maxConnections: 3,
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
});

const port = parentPort!;
const answer = (message: FromSmtpThread) => port.postMessage(message);

port.on('message', (message: ToSmtpThread) => {
  if (message.type === 'close') {
    transporter.close();
    port.close();
    return;
  }
  const { id } = message;
  transporter.sendMail(message.message).then(
    () => answer({ type: 'sent', id }),
    (error: unknown) => answer({ type: 'failed', id, error: error instanceof Error ? error.message : String(error) }),
  );
});
