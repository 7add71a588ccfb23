// @ts-check
// The SMTP connection pool's own thread (see smtp-transport.ts). Plain JavaScript: Node loads a worker's file without
// the TypeScript loader, which does not reach worker threads under every runner.
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/** @typedef {{ id: number; message: import('nodemailer').SendMailOptions }} SendRequest */

const transporter = nodemailer.createTransport(workerData);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

port.on('message', (/** @type {SendRequest | 'close'} */ request) => {
  if (request === 'close') {
    transporter.close();
    port.close();
    return;
  }
  transporter.sendMail(request.message).then(
    () => port.postMessage({ id: request.id }),
    (/** @type {unknown} */ error) =>
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
