import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The JSON body of a request; null when it is empty or not JSON. */
export function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Answers with `status` and `body` as JSON. */
export const send = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A listening HTTP stand-in: its address (http://127.0.0.1:<port>) and how to stop it. */
export interface HttpStandIn {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on a free port of 127.0.0.1 whose requests go to `handle` (async; a rejected handler is
 * ignored, as each stand-in answers its own errors). A request the handler leaves unanswered gets 404
 * `{code: 5, message: 'not found'}`, as both gateway servers answer it.
 */
export async function startHttpStandIn(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
): Promise<HttpStandIn> {
  const server: Server = createServer((request, response) => {
    void handle(request, response).then(() => {
      if (!response.headersSent) send(response, 404, { code: 5, message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
