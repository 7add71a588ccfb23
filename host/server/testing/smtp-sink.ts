import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it, with its text and HTML parts decoded (quoted-printable, base64, encoded words). */
export interface ReceivedMail {
  from: string;
  /** The envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL (or startTestServer's smtpUrl). */
  url: string;
  messages: ReceivedMail[];
  /** While true, every recipient is refused with 550, so deliveries fail. */
  rejecting: boolean;
  /** The next message to this address not yet returned by an earlier call; waits up to `timeoutMs` (default 10 s). */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** The text/plain and text/html leaves of a (possibly multipart) message. */
function leaves(part: Part): { text: string; html: string } {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found = { text: '', html: '' };
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary.
      const inner = leaves(parsePart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
      found.text ||= inner.text;
      found.html ||= inner.html;
    }
    return found;
  }
  const body = decodeBody(part);
  return /^text\/html/i.test(type) ? { text: '', html: body } : { text: body, html: '' };
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const message = parsePart(raw);
  const { text, html } = leaves(message);
  return { ...envelope, subject: decodeWords(message.headers.get('subject') ?? ''), text, html, raw };
}

/** An SMTP server on 127.0.0.1 (random port, no TLS, no auth) that keeps every message it receives, for tests. */
export async function startSmtpSink(options: { rejecting?: boolean } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const returned = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();
  const sink = { rejecting: options.rejecting ?? false } as SmtpSink;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!sink.rejecting) return callback();
      const error = new Error('Mailbox unavailable (test sink is rejecting)') as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((address) => address.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }));
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const next = (to: string) => {
    const message = messages.find(
      (candidate) => !returned.has(candidate) && candidate.to.some((address) => address.toLowerCase() === to.toLowerCase()),
    );
    if (message) returned.add(message);
    return message;
  };

  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(to: string, timeoutMs = 10_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const message = next(to);
          if (!message) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
