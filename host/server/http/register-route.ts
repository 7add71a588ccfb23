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
  HttpError,
  scopeId,
  type AuditLog,
  type DeviceTagSource,
  type LoadedApplication,
  type RouteScopeProvider,
  type ScopedApplication,
  type ScopeSource,
} from '@sensorium/core/server';
import type { Translator } from '../i18n/translator';
import type { OwnedRoute } from '../plugin-host/route-table';
import { routeSchema } from './openapi';
import { refuseUnstorableText, validateInput } from './validate-input';

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
        if (needsSession && !user) throw new HttpError(401, 'errors.unauthorized');
        if (route.levels && (!user || !route.levels.includes(user.level))) throw HttpError.forbidden(route.levelsDenied);
        if (route.permission && !hasPermission(user, route.permission)) throw HttpError.forbidden();
        const isKey = (text: string) => services.translator.has(text);
        // Each scope is checked as soon as the part carrying its id is valid: another tenant gets 404 without learning
        // anything from the validation of the rest of the request.
        const parts: { params: unknown; query: unknown; body: unknown } = {
          params: undefined,
          query: undefined,
          body: undefined,
        };
        let app: ScopedApplication | null = null;
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
        if (route.method === 'PATCH' && route.body && !Object.values(parts.body as object).some((value) => value !== undefined)) {
          throw HttpError.badRequest('errors.emptyPatch');
        }
        await checkScopes('body');
        const { params, query, body } = parts;

        const result = await route.handler({ request, reply, body, query, params, user, language, t, app });

        if (route.method !== 'GET' && route.audit !== false && reply.statusCode < 400) {
          // The change is done; a failed audit write is logged for operators rather than reported as a failed call.
          await services.audit
            .record({
              userId: user?.id ?? null,
              username: user?.username ?? null,
              action: route.audit ?? `${route.method} ${route.url}`,
              target: auditTarget(request.params),
              pluginId,
              address: request.ip,
              outcome: 'success',
            })
            .catch((error: unknown) => request.log.error({ err: error }, 'audit record not written'));
        }
        if (result === reply || reply.sent) return reply;
        return result === undefined ? reply.code(204).send() : result;
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
