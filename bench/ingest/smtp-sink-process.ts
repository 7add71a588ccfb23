/**
 * The benchmark's SMTP server in a process of its own (forked by bench/ingest.ts): receiving and parsing the e-mails is
 * the mail server's work, not the console's, so it must not share the server's event loop or count in its CPU, and it
 * runs at the lowest priority.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../../host/server/testing/smtp-sink';

type ToSink = { type: 'count' };
type FromSink = { type: 'ready'; url: string } | { type: 'count'; received: number };

/** The sink as the benchmark sees it: its URL, and how many e-mails it has received. */
export interface SmtpSinkProcess {
  url: string;
  /** Its process, whose CPU the benchmark reports on its own. */
  pid: number | undefined;
  received(): Promise<number>;
  close(): Promise<void>;
}

export async function startSmtpSinkProcess(): Promise<SmtpSinkProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--child'], { stdio: 'inherit' });
  const next = () => new Promise<FromSink>((resolve) => child.once('message', (message) => resolve(message as FromSink)));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the SMTP sink process did not start');
  return {
    url: ready.url,
    pid: child.pid,
    async received() {
      const answer = next();
      child.send({ type: 'count' } satisfies ToSink);
      const counted = await answer;
      return counted.type === 'count' ? counted.received : 0;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

async function runChild(): Promise<void> {
  // A production mail server runs on another host. On this one it takes only the CPU the console and its database
  // leave idle, so the figures show what the console's own notification work costs the ingest.
  setPriority(19);
  const sink = await startSmtpSink();
  const send = (message: FromSink) => process.send!(message);
  process.on('message', (message: ToSink) => {
    if (message.type === 'count') send({ type: 'count', received: sink.messages.length });
  });
  process.on('disconnect', () => void sink.close().finally(() => process.exit(0)));
  send({ type: 'ready', url: sink.url });
}

if (process.argv.includes('--child')) void runChild();
