import { createExtensionPoint, type PermissionKey, type SessionUser, type UserLevel } from '@sensorium/core/common';

/**
 * Where a route carries the id of the object it acts on: a path parameter by name, or a query or body field. An optional
 * query or body field may be absent: the route then acts on no such object (`app` is null; use defineRoute).
 */
export type ScopeSource = string | { query: string; optional?: boolean } | { body: string; optional?: boolean };

/** The caller's rights in an application: what the handler may rely on without looking at the user again. */
export interface ApplicationRights {
  level: UserLevel;
  permissions: readonly PermissionKey[];
}

/** An application a route acts on, loaded by the route pipeline after checking that the caller may see it. */
export interface ScopedApplication {
  id: string;
  endCustomerId: string;
  organisationId: string | null;
  rights: ApplicationRights;
  /**
   * The device tags the caller is limited to in this application (User Setup); null when it sees every device. Item
   * reads and writes leave out, or answer 404 for, devices carrying none of them.
   */
  deviceTags: readonly string[] | null;
}

/** What the `application` scope provider answers; the pipeline adds the caller's device-tag limit. */
export type LoadedApplication = Omit<ScopedApplication, 'deviceTags'>;

/**
 * Loads a tenant-owned object for the route pipeline. `load` answers the object only when it exists and the user may
 * see it, and null otherwise (the pipeline then answers 404, so callers never learn whether it exists).
 */
export interface RouteScopeProvider<T = unknown> {
  /** `application`, `end-customer`, `user`, `user-group`… as routes name it in `scope.kind`. */
  kind: string;
  load(user: SessionUser, id: string): Promise<T | null>;
}

/** Scope kinds contributed by the plugins that own the objects; the applications plugin contributes `application`. */
export const routeScopes = createExtensionPoint<RouteScopeProvider>('core.route-scopes/v1');

/** The kind name of application scopes; its provider must answer LoadedApplication objects. */
export const APPLICATION_SCOPE = 'application';

/** Reads the object id of a scope from the validated request parts; undefined when the field is absent. */
export function scopeId(source: ScopeSource, parts: { params: unknown; query: unknown; body: unknown }): string | undefined {
  const [record, field] =
    typeof source === 'string'
      ? [parts.params, source]
      : 'query' in source
        ? [parts.query, source.query]
        : [parts.body, source.body];
  const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[field] : undefined;
  return value === undefined || value === null || value === '' ? undefined : String(value);
}
