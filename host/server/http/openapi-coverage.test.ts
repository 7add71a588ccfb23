import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '../plugins';
import { startTestServer, type TestServer } from '../testing';

/**
 * Every operation of the plugins whose answers the OpenAPI document describes (and of the host's sign-in and system
 * routes) has a success schema, so integrators can rely on it and a new route cannot go undescribed. The operations
 * that answer no JSON are named here, each with why: the list is exact, so one that gets a schema leaves it.
 */

/** Plugin ids (the operations' tags) whose every operation documents its answer. */
const DESCRIBED_PLUGINS = new Set([
  'users',
  'device-profiles',
  'adapters',
  'backups',
  'themes',
  'dashboards',
  'project-wizard',
  'event-settings',
  'timer-missions',
  'sensor-status',
  'public-alert',
  'cost-management',
  'gateways',
  'audit',
  'raw-data',
  'applications',
]);
/** Of the host's own operations (tag core), those of host/server/auth and host/server/system. */
const DESCRIBED_CORE_PATHS = /^\/api\/(auth|system)\//;

const NO_CONTENT = '204 without a body';
const FILE = 'a file';
/** Operations (by operationId) that answer no JSON, and what they answer instead. */
const WITHOUT_JSON: Record<string, string> = {
  postAuthLogout: NO_CONTENT,
  getSystemLogo: `${FILE} (the white-label logo)`,
  deleteUsersById: NO_CONTENT,
  putUsersByIdPassword: NO_CONTENT,
  deleteUserGroupsById: NO_CONTENT,
  putMyAccountPassword: NO_CONTENT,
  deleteApiKeysById: NO_CONTENT,
  deleteApplicationUsersByAppIdUsersByUserId: NO_CONTENT,
  deleteApplicationUsersByAppIdGroupsByGroupId: NO_CONTENT,
  deleteBackupByAppIdByFolder: NO_CONTENT,
  getBackupDownloadByAppIdByFolder: `${FILE} (zip)`,
  getDashboardDefaultApplicationByImage: `${FILE} (image)`,
  getDashboardShareWidgetsByWidgetIdFloorPlanImage: `${FILE} (image)`,
  getDashboardShareThemeBackground: `${FILE} (image)`,
  getDashboardShareLive: 'server-sent events (text/event-stream)',
  deleteSystemEventsApiByAppIdEventSettingsById: NO_CONTENT,
  postPublicAlertByAppIdLinksByJtiRevoke: NO_CONTENT,
  getSystemEventsApiPublicLogo: `${FILE} (image)`,
  getCostManagementUsageExport: `${FILE} (Excel)`,
  postAudithistoryEnquiryCsv: `${FILE} (CSV)`,
  postRawDataHistorySearchExcel: `${FILE} (Excel)`,
  deleteApplicationById: NO_CONTENT,
  deleteCustomerEndCustomerById: NO_CONTENT,
  getApplicationByIdByLogo: `${FILE} (the logo image)`,
};

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document’s success schemas', () => {
  let server: TestServer;
  let operations: { path: string; operation: Operation }[];

  beforeAll(async () => {
    server = await startTestServer({ plugins: serverPlugins });
    const document = (await server.request('GET', '/api/docs/json')).body as { paths: Record<string, Json> };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => method in item).map((method) => ({ path, operation: item[method] as Operation })),
    );
  }, 120_000);
  afterAll(() => server?.close());

  const described = ({ path, operation }: { path: string; operation: Operation }) =>
    (operation.tags ?? []).some((tag) => DESCRIBED_PLUGINS.has(tag)) ||
    ((operation.tags ?? []).includes('core') && DESCRIBED_CORE_PATHS.test(path));
  const hasSuccessSchema = (operation: Operation) =>
    Object.entries(operation.responses).some(
      ([status, response]) => status.startsWith('2') && Object.values(response.content ?? {}).some((media) => media.schema),
    );

  it('describes the answer of every operation of the covered plugins, but those that answer no JSON', () => {
    const covered = operations.filter(described);
    expect(covered.length).toBeGreaterThan(100);
    const undescribed = covered
      .filter(({ operation }) => !hasSuccessSchema(operation) && !(operation.operationId in WITHOUT_JSON))
      .map(({ path, operation }) => `${operation.operationId} (${path})`);
    expect(undescribed).toEqual([]);
  });

  it('names only operations that exist, in the covered plugins, and still answer no JSON', () => {
    const byId = new Map(operations.map((entry) => [entry.operation.operationId, entry]));
    const stale = Object.keys(WITHOUT_JSON).filter((id) => {
      const entry = byId.get(id);
      return !entry || !described(entry) || hasSuccessSchema(entry.operation);
    });
    expect(stale).toEqual([]);
  });
});
