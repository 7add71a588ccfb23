import ky from 'ky';
import type { HttpClient } from '../http';

/** One call as a fake route sees it: path without the /api prefix, params of `:name` segments, query and JSON body. */
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: a Response as it is, `undefined` as 204, anything else as JSON 200. */
export type FakeRoute = (request: FakeRequest) => unknown;

/** An error answer as the server gives it (ApiErrorBody). */
export function apiError(status: number, message: string, fields: Record<string, string> = {}): Response {
  const problems = Object.entries(fields).map(([field, text]) => ({ field, code: 'invalid', message: text }));
  return Response.json(
    { statusCode: status, error: 'Error', code: 'test', message, field: problems[0]?.field, fields: problems },
    { status },
  );
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[index]!);
    else if (part !== got[index]) return null;
  }
  return params;
}

/**
 * A ky client over in-memory routes, keyed `'METHOD path'` with `:name` segments (e.g. `'PUT users/:id/disabled'`),
 * for store tests. `calls` lists every call as `METHOD path?query`; a call no route takes answers 404.
 */
export function fakeApi(routes: Record<string, FakeRoute>): { http: HttpClient; calls: string[] } {
  const calls: string[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    calls.push(`${request.method} ${path}${url.search}`);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    for (const [key, route] of Object.entries(routes)) {
      const [method, pattern] = key.split(' ') as [string, string];
      const params = method === request.method ? match(pattern, path) : null;
      if (!params) continue;
      const answer = await route({ method, path, params, query: url.searchParams, body });
      if (answer instanceof Response) return answer;
      return answer === undefined ? new Response(null, { status: 204 }) : Response.json(answer);
    }
    return apiError(404, 'Not found');
  };
  return { http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }), calls };
}
