import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A number the stand-in refuses (400), as a provider refuses a number it cannot reach. */
export const UNREACHABLE = '+85290000000';

/** A request the provider stand-in received. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  form: URLSearchParams;
}

/** A message or call the stand-in accepted, as Twilio lists it. */
interface Accepted {
  sid: string;
  to: string;
  body: string;
  at: Date;
}

/**
 * Twilio's list of the account's messages or calls: `To` matched exactly, `DateSent>=` / `StartTime>=` (a day, as Twilio
 * takes it) bounding the date; each with its creation time (RFC 2822), messages with their body.
 */
function listed(accepted: readonly Accepted[], query: URLSearchParams, calls: boolean) {
  const to = query.get('To');
  const since = query.get(calls ? 'StartTime>' : 'DateSent>');
  const from = since ? new Date(since).getTime() : 0;
  const rows = accepted.filter((item) => (!to || item.to === to) && item.at.getTime() >= from);
  const listing = ({ sid, to: number, body, at }: Accepted) => ({
    sid,
    to: number,
    date_created: at.toUTCString(),
    status: 'queued',
    ...(calls ? {} : { body }),
  });
  return calls ? { calls: rows.map(listing) } : { messages: rows.map(listing) };
}

/**
 * A local stand-in of Twilio's REST API and of a generic SMS gateway: it records each request and answers like them,
 * and lists the messages and calls it accepted (GET Messages.json / Calls.json) as Twilio does.
 */
export async function startProviderStandIn() {
  const received: Received[] = [];
  const accepted: Accepted[] = [];
  let count = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(body);
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body, form });
      count += 1;
      const answer = (status: number, json: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const [path, query = ''] = request.url!.split('?');
      const calls = path!.endsWith('/Calls.json');
      if (request.url!.startsWith('/gateway')) return answer(200, { data: { id: `gw-${count}` } });
      if (request.method === 'GET') return answer(200, listed(accepted, new URLSearchParams(query), calls));
      if (form.get('To')?.endsWith(UNREACHABLE)) return answer(400, { code: 21211, message: 'Invalid To number' });
      const sid = `${calls ? 'CA' : 'SM'}${count}`;
      accepted.push({ sid, to: form.get('To') ?? '', body: form.get('Body') ?? '', at: new Date() });
      return answer(201, { sid, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The messages and calls it accepted (POSTs to Messages.json and Calls.json). */
    sent: (to: string) => received.filter((request) => request.method === 'POST' && request.form.get('To') === to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ProviderStandIn = Awaited<ReturnType<typeof startProviderStandIn>>;
