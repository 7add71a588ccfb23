import type { AnyRouteDefinition, ErrorStatus } from '@sensorium/core/server';

/**
 * What the OpenAPI document says about one route beyond its input and answer schemas: its operationId, the credentials
 * it takes and the error statuses it may answer. All of it follows from the route definition, so a plugin's routes are
 * described without the plugin saying anything more (only errors its handlers answer themselves: `errors`).
 */

/** A segment's words: `end-customer-list` → `EndCustomerList`, `:appId` → `ByAppId`. */
function segmentName(segment: string): string {
  const isParameter = segment.startsWith(':');
  const words = (isParameter ? segment.slice(1) : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return isParameter ? `By${name}` : name;
}

/**
 * The operationId: the method and the path in camel case, e.g. `GET /customer/end-customer-list/` →
 * `getCustomerEndCustomerList`, `DELETE /application/:id/` → `deleteApplicationById`. It depends on nothing but the
 * method and the path, so it stays the same from one release to the next while the route does.
 */
export function operationIdOf(route: Pick<AnyRouteDefinition, 'method' | 'url'>): string {
  return route.method.toLowerCase() + route.url.split('/').filter(Boolean).map(segmentName).join('');
}

/** The security scheme names of the document (components.securitySchemes). */
export const SECURITY_SCHEMES = {
  /** The access token of POST /api/auth/login, as `Authorization: Bearer <token>`. */
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  /** The same access token as the `token` query parameter, on the routes that `<img>` tags load. */
  queryToken: { type: 'apiKey', in: 'query', name: 'token' },
} as const;

/** Signed-in routes take the access token; public ones (`auth: false`) none: `security: []` says so explicitly. */
export function securityOf(route: AnyRouteDefinition): Record<string, string[]>[] {
  if (route.auth === false) return [];
  return route.queryToken ? [{ bearer: [] }, { queryToken: [] }] : [{ bearer: [] }];
}

/**
 * The error statuses a call may answer: those the route pipeline answers for what the definition declares (see
 * registerRoute) and those the definition lists in `errors`. Any call may be a bad request (a field, malformed JSON,
 * text that cannot be stored); a signed-in call may lack the session, the permission or level, or the device-tag rights
 * a handler checks.
 */
export function errorStatusesOf(route: AnyRouteDefinition): ErrorStatus[] {
  const signedIn = route.auth !== false;
  const derived: [ErrorStatus, boolean][] = [
    [400, true],
    [401, signedIn],
    [403, signedIn],
    [404, route.url.includes(':') || route.app !== undefined || route.scope !== undefined || route.licence !== undefined],
    [413, route.rawBody === true],
    [429, route.rateLimit !== undefined],
  ];
  const statuses = new Set<ErrorStatus>([...derived.filter(([, applies]) => applies).map(([status]) => status)]);
  for (const status of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}
