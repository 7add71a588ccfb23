import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditType, Language, PermissionKey, SessionUser, UserLevel } from '@sensorium/core/common';
import type { RouteAudit } from './audit';
import type { ScopedApplication, ScopeSource } from './route-scope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The error statuses the OpenAPI document describes, each answered with the shared error body (ApiErrorBody). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502;
/** A class-validator input model; instances are built with class-transformer and validated before the handler runs. */
export type InputModel<T> = new () => T;

export interface RouteContext<Body, Query, Params, Authenticated extends boolean> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Body;
  query: Query;
  params: Params;
  user: Authenticated extends true ? SessionUser : SessionUser | null;
  language: Language;
  /** Translates a key of core's or any plugin's resources into the caller's language. */
  t(key: string, params?: Record<string, string | number>): string;
  /** The application of a route that declares `app` (see defineAppRoute); null on other routes. */
  app: ScopedApplication | null;
  /** What the call's audit record says: its target, location and the changed fields (old and new values). */
  audit: RouteAudit;
}

/**
 * How a route's calls are audited. Every non-GET call writes a record, successful or failed; a route that says nothing
 * is recorded as `METHOD url`, its target being its first route parameter or the `id` and `name` of what it answers.
 */
export interface RouteAuditOptions<Context = RouteContext<unknown, unknown, unknown, boolean>> {
  /** Name of the audit action; defaults to `METHOD url`. */
  action?: string;
  /** Default `useraction`. */
  type?: AuditType;
  /** An i18n key of the record's sentence (params: `name`, the target's name, and `location`); translated when read. */
  log?: string;
  /** What the call acted on, from its answer (a create's new id and name) and its input. */
  target?(
    result: unknown,
    input: { params: unknown; body: unknown },
  ): { id?: string | number | null; name?: string | null } | null;
  /**
   * Loads the row the call changes, with the handler's context: null (or a 404) when there is none. The pipeline reads
   * it before and after the handler: the record lists each changed field's old and new value (secrets masked), and a
   * delete names what it removed.
   */
  row?(context: Context): Promise<object | null> | object | null;
}

/**
 * A server route. The host checks, in order: licence (404 when off), session (401), level and permission (403),
 * params and query (400 naming the field), the route's application and scoped object (404 unless the caller may see
 * them), the body (400), then runs the handler. A successful non-GET call writes an audit record.
 */
export interface RouteDefinition<Body = unknown, Query = unknown, Params = unknown, Authenticated extends boolean = true> {
  method: HttpMethod;
  /** Path under /api, in the spec's own style, e.g. `/application/:id`. */
  url: string;
  summary: string;
  /** `false` for public routes such as login; default true. */
  auth?: Authenticated;
  permission?: PermissionKey;
  /** The user levels that may call the route (403 for the others); every level when absent. */
  levels?: readonly UserLevel[];
  /** The i18n key of the 403 answered to the other levels; the generic message when absent. */
  levelsDenied?: string;
  licence?: string;
  /**
   * The application the route acts on, named by the parameter that carries its id (`'appId'`, or `{ body: 'appId' }`).
   * The pipeline loads it, answers 404 unless the caller may see it, and hands it to the handler as `app`.
   * Write such routes with defineAppRoute, whose handler receives `app` non-null.
   */
  app?: ScopeSource;
  /**
   * Another tenant-owned object the route acts on (an end customer, a user, a user group), by the kind a plugin
   * registered with the `routeScopes` extension point: 404 unless the caller may see it.
   */
  scope?: { kind: string; from: ScopeSource };
  body?: InputModel<Body>;
  query?: InputModel<Query>;
  params?: InputModel<Params>;
  /** JSON schema of the answer (200, or 201 with `created`), for the OpenAPI document only. */
  response?: Record<string, unknown>;
  /** The call creates what it answers: the host answers 201 (Created) instead of 200. */
  created?: boolean;
  /**
   * For the OpenAPI document: the error statuses the handler answers itself beyond those the host derives from this
   * definition (400 for any call; 401, 403 on signed-in routes; 404 with a path parameter, `app`, `scope` or `licence`;
   * 413 with `rawBody`; 429 with `rateLimit`). For example `[409]` for a name that is taken, `[401]` for a public route
   * that checks a token of its own.
   */
  errors?: readonly ErrorStatus[];
  /** Per-address rate limit for this route. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Name of the audit action (defaults to `METHOD url`) or how to audit the calls; `false` for calls that audit themselves. */
  // NoInfer: the input types come from the input models, not from the parameter of an `audit.row` written apart.
  audit?: string | false | RouteAuditOptions<NoInfer<RouteContext<Body, Query, Params, Authenticated>>>;
  /** Skip JSON body parsing (multipart uploads); the handler reads the request itself, e.g. with readUpload. */
  rawBody?: boolean;
  /**
   * Also accept the access token as a `token` query parameter: for GET routes that `<img>` tags load
   * (logos, background images), which cannot send an Authorization header.
   */
  queryToken?: boolean;
  handler(context: RouteContext<Body, Query, Params, Authenticated>): Promise<unknown> | unknown;
}

/**
 * Lets `defineRoute` infer the input types from the input model classes. The result is NoInfer so that passing the
 * call straight to `addRoute` (which takes any route) does not turn every input type into `any`.
 */
export function defineRoute<Body = unknown, Query = unknown, Params = unknown, Authenticated extends boolean = true>(
  route: RouteDefinition<Body, Query, Params, Authenticated>,
): NoInfer<RouteDefinition<Body, Query, Params, Authenticated>> {
  return route;
}

/** The context of a route with an application scope: `app` is the application the caller may see. */
export type AppRouteContext<Body, Query, Params> = Omit<RouteContext<Body, Query, Params, true>, 'app'> & {
  app: ScopedApplication;
};

export interface AppRouteDefinition<Body, Query, Params> extends Omit<
  RouteDefinition<Body, Query, Params, true>,
  'handler' | 'app' | 'auth' | 'audit'
> {
  app: ScopeSource;
  audit?: string | false | RouteAuditOptions<NoInfer<AppRouteContext<Body, Query, Params>>>;
  handler(context: AppRouteContext<Body, Query, Params>): Promise<unknown> | unknown;
}

/** A route that belongs to one application: its handler runs only for callers who may see it, and receives it. */
export function defineAppRoute<Body = unknown, Query = unknown, Params = unknown>(
  route: AppRouteDefinition<Body, Query, Params>,
): NoInfer<RouteDefinition<Body, Query, Params, true>> {
  // The pipeline sets `app` before it calls the handler of a route that declares one.
  return route as RouteDefinition<Body, Query, Params, true>;
}

/** Any route, whatever its input types; the types are checked where the route is written with defineRoute. */
// `any` because a route's input types sit in both argument and result positions: no narrower type accepts every route.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteDefinition = RouteDefinition<any, any, any, any>;
