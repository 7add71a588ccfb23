import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  hasLicence,
  hasPermission,
  languageFromHeader,
  type LicenceSet,
  type SessionUser,
} from '@sensorium/core/common';
import {
  APPLICATION_SCOPE,
  deviceTagLimit,
  auditChanges,
  auditText,
  HttpError,
  maskSecrets,
  scopeId,
  type AuditChange,
  type AuditLog,
  type RouteAudit,
  type RouteAuditOptions,
  type DeviceTagSource,
  type LoadedApplication,
  type RouteScopeProvider,
  type ScopedApplication,
  type ScopeSource,
} from '@sensorium/core/server';
import type { Translator } from '../i18n/translator';
import type { OwnedRoute } from '../plugin-host/route-table';
import type { AnonymousFailureCap } from './anonymous-failure-cap';
import { routeSchema } from './openapi';
import { refuseUnstorableText, validateInput, ValidationFailure } from './validate-input';

export interface RouteServices {
  licences: LicenceSet;
  translator: Translator;
  audit: AuditLog;
  /** The caller's session from its credentials, or null when it sent none or invalid ones. */
  authenticate(request: FastifyRequest): Promise<SessionUser | null>;
  /** The scope kinds plugins contributed (application, end-customer…), by kind. */
  scopes: ReadonlyMap<string, RouteScopeProvider>;
  /** Where User Setup keeps device tags: the handler's `app` carries the caller's limit. */
  deviceTags: readonly DeviceTagSource[];
  /** Which failed calls of anonymous callers reach the audit trail (an attacker must not flood it). */
  anonymousFailures: AnonymousFailureCap;
}

/** Loads the object a route is scoped to; 404 when it is missing or the caller may not see it (no existence leak). */
async function loadScoped(
  services: RouteServices,
  kind: string,
  source: ScopeSource,
  user: SessionUser,
  parts: { params: unknown; query: unknown; body: unknown },
): Promise<unknown> {
  const provider = services.scopes.get(kind);
  if (!provider) throw new Error(`No plugin provides the route scope "${kind}"`);
  const id = scopeId(source, parts);
  if (id === undefined && typeof source === 'object' && source.optional) return null;
  const found = id === undefined ? null : await provider.load(user, id);
  if (found === null) throw HttpError.notFound();
  return found;
}

type RequestPart = 'params' | 'query' | 'body';
const partOf = (source: ScopeSource): RequestPart =>
  typeof source === 'string' ? 'params' : 'query' in source ? 'query' : 'body';

/** The first route parameter names what a call acts on (an application id, a theme id...). */
function auditTarget(params: unknown): string | null {
  const first = params && typeof params === 'object' ? Object.values(params)[0] : undefined;
  return first === undefined || first === null ? null : String(first);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const idOf = (row: Record<string, unknown>) => text(row.id) ?? text(row.uuid);
const nameOf = (row: Record<string, unknown>) =>
  text(row.username) ??
  text(row.name) ??
  text(row.itemName) ??
  text(row.missionName) ??
  text(row.title) ??
  text(row.displayName) ??
  text(row.deviceProfileName);
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * By default a call's answer names what it created or changed: its `id` and `name` (or `username`, `title`...); a
 * create that answers only the new id takes the name it was sent.
 */
function answeredTarget(result: unknown, input: { body: unknown }): { id?: string | null; name?: string | null } | null {
  const row = fieldsOf(result);
  const sent = fieldsOf(input.body);
  const id = idOf(row);
  const name = nameOf(row) ?? nameOf(sent);
  return id === null && name === null ? null : { id, name };
}

/** The fields a call sent, secrets masked: its record's detail when the handler reports no old and new values. */
function sentFields(body: unknown): AuditChange[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return auditChanges(null, body);
}

/** What a handler reports to the audit record of its call (context.audit), and what the pipeline adds. */
class CallAudit implements RouteAudit {
  targetId: string | null = null;
  targetName: string | null = null;
  where: string | null | undefined = undefined;
  changed: AuditChange[] | null = null;
  extra: Record<string, unknown> = {};
  target(id: string | number | null, name?: string | null) {
    this.targetId = id === null ? null : String(id);
    if (name !== undefined) this.targetName = name;
  }
  location(name: string | null) {
    this.where = name;
  }
  changes(before: object | null, after: object | null) {
    this.changed = auditChanges(before, after);
  }
  /** The route's `audit.row` before and after the handler, unless the handler reported the change itself. */
  rowChanged(before: object | null, after: object | null) {
    if (this.changed === null) this.changes(before, after);
    const removed = fieldsOf(before);
    if (after === null && this.targetId === null) this.target(idOf(removed), nameOf(removed));
  }
  detail(values: Record<string, unknown>) {
    Object.assign(this.extra, maskSecrets(values));
  }
}

/** What a failed call's audit record says about its failure: the status, the error's i18n key and the field. */
function failureOf(error: unknown): Record<string, unknown> {
  if (error instanceof HttpError) {
    return { status: error.statusCode, error: error.code, ...(error.field ? { field: error.field } : {}) };
  }
  if (error instanceof ValidationFailure) {
    const [first] = error.problems;
    return { status: 400, error: first?.code ?? 'errors.badRequest', ...(first ? { field: first.field } : {}) };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return { status: typeof status === 'number' ? status : 500, error: 'errors.internal' };
}

const auditOptions = (audit: RouteAuditOptions | string | false | undefined): RouteAuditOptions =>
  typeof audit === 'object' ? audit : typeof audit === 'string' ? { action: audit } : {};

/**
 * Registers one plugin route under /api. Checks run in the order the route contract promises: licence (the route is
 * not registered, so 404), session (401), permission (403), params/query/body (400); then the handler, then the audit record.
 */
export function registerRoute(app: FastifyInstance, owned: OwnedRoute, services: RouteServices): void {
  const { pluginId, route } = owned;
  if (!hasLicence(services.licences, route.licence)) return;
  const needsSession = route.auth !== false;
  const register = (scope: FastifyInstance) =>
    scope.route({
      method: route.method,
      url: `${API_PREFIX}${route.url}`,
      schema: routeSchema(owned),
      config: {
        queryToken: route.queryToken === true,
        ...(route.rateLimit ? { rateLimit: { max: route.rateLimit.max, timeWindow: route.rateLimit.timeWindowMs } } : {}),
      },
      async handler(request, reply) {
        const language = languageFromHeader(request.headers['accept-language']);
        const t = (key: string, params?: Record<string, string | number>) => services.translator.t(language, key, params);
        const user = await services.authenticate(request);
        const audited = route.method !== 'GET' && route.audit !== false;
        const options = auditOptions(route.audit);
        const callAudit = new CallAudit();
        const parts: { params: unknown; query: unknown; body: unknown } = {
          params: undefined,
          query: undefined,
          body: undefined,
        };
        let app: ScopedApplication | null = null;
        const writeAudit = (outcome: 'success' | 'failure', result: unknown, failure?: Record<string, unknown>) => {
          // A refused call names what it tried to act on from what it sent.
          const answered =
            outcome === 'success'
              ? (options.target ?? answeredTarget)(result, parts)
              : answeredTarget(undefined, { body: parts.body ?? request.body });
          const targetId = callAudit.targetId ?? text(answered?.id) ?? auditTarget(request.params);
          const targetName = callAudit.targetName ?? answered?.name ?? null;
          const stored = (value: string | null) => (value === null ? null : auditText(value));
          const changes = callAudit.changed ?? sentFields(parts.body ?? request.body);
          const appId = (app as ScopedApplication | null)?.id ?? null;
          // The change is done (or refused); a failed audit write is logged for operators rather than reported as a failed call.
          return services.audit
            .record({
              userId: user?.id ?? null,
              username: user?.username ?? null,
              organisationId: user?.organisationId ?? null,
              action: options.action ?? `${route.method} ${route.url}`,
              type: options.type ?? 'useraction',
              target: stored(targetId),
              targetName: stored(targetName),
              location: stored(callAudit.where ?? null),
              ...(options.log ? { log: { key: options.log } } : {}),
              pluginId,
              address: request.ip,
              outcome,
              detail: {
                ...(changes.length ? { changes } : {}),
                ...(appId ? { appId } : {}),
                ...callAudit.extra,
                ...failure,
              },
            })
            .catch((error: unknown) => request.log.error({ err: error }, 'audit record not written'));
        };
        let result: unknown;
        try {
          result = await runPipeline();
        } catch (error) {
          // Refused and failed calls are recorded too; an anonymous caller's only within the cap (routes that audit
          // themselves, such as sign-in, say audit: false and are not recorded twice).
          if (recordsFailure()) await writeAudit('failure', undefined, failureOf(error));
          throw error;
        }
        if (audited && reply.statusCode < 400) await writeAudit('success', result);
        else if (recordsFailure()) await writeAudit('failure', undefined, { status: reply.statusCode });

        /**
         * A row whose loader answers 404 after the call is gone (a delete). The change is made: a row that cannot be
         * read again for another reason leaves the record with the sent fields rather than failing the call.
         */
        function rowGone(error: unknown): null | undefined {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          request.log.warn({ err: error }, 'audit: the changed row could not be read again');
          return undefined;
        }

        function recordsFailure() {
          return audited && (user !== null || services.anonymousFailures.admit(request.ip));
        }

        async function runPipeline() {
          if (needsSession && !user) throw new HttpError(401, 'errors.unauthorized');
          if (route.levels && (!user || !route.levels.includes(user.level))) throw HttpError.forbidden(route.levelsDenied);
          if (route.permission && !hasPermission(user, route.permission)) throw HttpError.forbidden();
          const isKey = (key: string) => services.translator.has(key);
          // Each scope is checked as soon as the part carrying its id is valid: another tenant gets 404 without learning
          // anything from the validation of the rest of the request.
          const checkScopes = async (part: RequestPart) => {
            if (route.app && partOf(route.app) === part) {
              const loaded = (await loadScoped(services, APPLICATION_SCOPE, route.app, user!, parts)) as LoadedApplication | null;
              app = loaded && { ...loaded, deviceTags: await deviceTagLimit(services.deviceTags, loaded.id, user!) };
            }
            if (route.scope && partOf(route.scope.from) === part) {
              await loadScoped(services, route.scope.kind, route.scope.from, user!, parts);
            }
          };
          if (!route.params) refuseUnstorableText(request.params);
          parts.params = await validateInput(route.params, request.params, isKey);
          await checkScopes('params');
          if (!route.query) refuseUnstorableText(request.query);
          parts.query = await validateInput(route.query, request.query, isKey);
          await checkScopes('query');
          parts.body = route.rawBody ? undefined : await validateInput(route.body, request.body, isKey);
          // A PATCH naming no field has nothing to change (an empty update is an SQL error): say so.
          if (
            route.method === 'PATCH' &&
            route.body &&
            !Object.values(parts.body as object).some((value) => value !== undefined)
          ) {
            throw HttpError.badRequest('errors.emptyPatch');
          }
          await checkScopes('body');
          const { params, query, body } = parts;
          const context = { request, reply, body, query, params, user, language, t, app, audit: callAudit };
          const loadRow = audited ? options.row : undefined;
          if (!loadRow) return route.handler(context);
          const before = await loadRow(context);
          const answer = await route.handler(context);
          const after = await Promise.resolve(loadRow(context)).catch(rowGone);
          if (after !== undefined) callAudit.rowChanged(before, after);
          return answer;
        }
        if (result === reply || reply.sent) return reply;
        if (result === undefined) return reply.code(204).send();
        if (route.created) reply.code(201);
        return result;
      },
    });

  if (!route.rawBody) {
    register(app);
    return;
  }
  // A raw-body route (multipart upload) reads the request stream itself, so no parser may consume it first.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    register(scope);
  });
}
