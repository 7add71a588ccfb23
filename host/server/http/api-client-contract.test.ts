import { types } from 'mobx-state-tree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStore, type HttpClient, type TokenPair } from '@sensorium/core/client';
import { MemoryStorage } from '../../../core/client/testing/memory-storage';
import { quietHttpClient } from '../../../core/client/testing/quiet-http-client';
import type { paths } from '../../../docs/api/openapi';
import { createAuditApi } from '../../../plugins/audit/client/api';
import { eventActionsApi } from '../../../plugins/event-actions/client/api';
import { itemApi } from '../../../plugins/nodes/client/api/item-api';
import { rawDataApi } from '../../../plugins/raw-data/client/api';
import { serverPlugins } from '../plugins';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../testing';
import { answerChecker, type AnswerChecker, type HttpMethodName } from './openapi-answers';

/**
 * The console's own API client against the client an integrator generates from the document (docs/api/openapi.d.ts,
 * openapi-typescript). For a sample of calls, the type checker proves that the answer the document promises is what the
 * console's call reads; the test proves that the call goes to that operation and that the server's answer fits it.
 */

type Method = HttpMethodName;
type OperationOf<P extends keyof paths, M extends Method> = Exclude<paths[P][M], undefined>;
type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON answer an operation documents for success (200, or 201 for a create). */
type DocumentedAnswer<O> = O extends { responses: { 200: infer R } }
  ? Json<R>
  : O extends { responses: { 201: infer R } }
    ? Json<R>
    : never;
/** The schemas mark few fields required; a full answer has every documented field. */
type Complete<T> = T extends readonly (infer E)[]
  ? Complete<E>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<Exclude<T[K], undefined>> }
    : T;
/** Compiles (an empty tuple) only when the complete documented answer is what the console's call reads. */
type Fits<Documented, Read> = [Documented] extends [never]
  ? ['the operation documents no JSON answer']
  : [Complete<Documented>] extends [Read]
    ? []
    : ['the documented answer is not what the console reads', Complete<Documented>, Read];

interface ContractCall {
  method: Method;
  path: string;
  call: (http: HttpClient) => Promise<unknown>;
}

/** A call of the console's client and the operation of the document it stands for, checked by the type checker. */
function contract<P extends keyof paths, M extends Method, Read>(
  method: M,
  path: P,
  call: (http: HttpClient) => Promise<Read>,
  ..._fits: Fits<DocumentedAnswer<OperationOf<P, M>>, Read>
): ContractCall {
  return { method, path, call };
}

const DEMO_APP = 'pump_station_north';

describe('the console’s API client against the client generated from the document', () => {
  let server: TestServer;
  let checker: AnswerChecker;
  let http: HttpClient;
  let itemUuid: string;
  let seen: { method: string; path: string; status: number; body: unknown }[];

  beforeAll(async () => {
    server = await startTestServer({ plugins: serverPlugins, seedDemo: true });
    checker = answerChecker((await server.request('GET', '/api/docs/json')).body);
    const tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    tokens.save(await server.login(), true);
    http = quietHttpClient(tokens, {
      prefixUrl: `${server.url}/api`,
      origin: server.url,
      // Every request the client makes, with the server's answer.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await fetch(request);
        const text = await response.clone().text();
        const body = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as unknown) : text;
        seen.push({ method: request.method.toLowerCase(), path: new URL(request.url).pathname, status: response.status, body });
        return response;
      },
    });
    const tree = await server.request('GET', `/api/node-structure-item/${DEMO_APP}/tree`, { token: tokens.accessToken! });
    itemUuid = (tree.body.items as { uuid: string; itemType: string }[]).find((row) => row.itemType === 'item')!.uuid;
  }, 120_000);
  afterAll(() => server?.close());

  it('calls the documented operations and reads the answers the document promises', async () => {
    // The event-actions calls take the HTTP client from a store's environment.
    const store = types.model({}).create({}, { http });
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() };
    const calls = [
      contract('post', '/api/auth/login', (client) =>
        client.post('auth/login', { json: { username: 'admin', password: TEST_ADMIN_PASSWORD } }).json<TokenPair>(),
      ),
      contract('get', '/api/audithistory/settings', (client) => createAuditApi(client).settings()),
      contract('post', '/api/audithistory/enquiry', async (client) => {
        const body = {
          startDate: today,
          startTime: '00:00',
          dueDate: today,
          dueTime: '23:59',
          type: 'all' as const,
          archive: 'no' as const,
        };
        return (await createAuditApi(client).enquiry(body)).records;
      }),
      contract('get', '/api/node-structure-item/{appId}/items/{uuid}/commands', (client) =>
        itemApi(client, DEMO_APP).commands(itemUuid),
      ),
      contract('get', '/api/event-actions/{appId}/webhook-secret', () => eventActionsApi(store).secret(DEMO_APP)),
      contract('post', '/api/event-actions/{appId}/webhook-secret/rotate', () => eventActionsApi(store).rotate(DEMO_APP)),
      contract('get', '/api/event-actions/{appId}/webhook-deliveries', () => eventActionsApi(store).deliveries(DEMO_APP, 1)),
      contract('post', '/api/raw-data-history/search', (client) =>
        rawDataApi(client).search(DEMO_APP, {
          viewMode: 'history',
          isItemSpecific: false,
          tags: [],
          startTime: day.from,
          endTime: day.to,
        }),
      ),
    ];
    const problems: string[] = [];
    for (const { method, path, call } of calls) {
      seen = [];
      await call(http);
      const template = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
      const sent = seen.filter((request) => request.method === method && template.test(request.path));
      if (sent.length !== 1) problems.push(`${method.toUpperCase()} ${path}: the client sent ${JSON.stringify(seen)}`);
      for (const answer of sent) problems.push(...checker.problems(method, path, answer.status, answer.body));
    }
    expect(problems).toEqual([]);
  });
});
