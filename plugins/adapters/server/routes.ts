import { defineAppRoute, HttpError, type AnyRouteDefinition, type ScopedApplication } from '@sensorium/core/server';
import type { SessionUser } from '@sensorium/core/common';
import type { DeviceProfileCatalog, ItemLookup } from '@sensorium/nodes/common';
import { AppParams, RollbackScriptInput, SaveScriptInput, ScriptTargetInput, TestRunInput } from '../common/inputs';
import type { AdapterScript, ScriptRun, ScriptTarget, ScriptVersion, TargetKind } from '../common/types';
import { removedScriptSchema, scriptAnswerSchema, scriptRunSchema, scriptTargetsSchema } from './response-schemas';
import type { ScriptIndex } from './pipeline/script-index';
import type { CurrentScript, ScriptRepository } from './repository';
import type { IsolatedSandbox } from './sandbox/isolated-sandbox';
import { sampleInput } from './test-input';

/** Editing adapter scripts is node management (item data sources); profile scripts also need a cloud user. */
const PERMISSION = 'nodemanagement';
const BASE = '/adapters/:appId';
/** Advance Setting is the operators' and system integrators' (the page's guard); end customers get 403. */
const LEVELS = ['cloud', 'si-customer'] as const;

interface Services {
  scripts: ScriptRepository;
  index: ScriptIndex;
  sandbox: IsolatedSandbox;
  lookup: ItemLookup;
  catalog: DeviceProfileCatalog;
}

/** The answer of GET …/script: the target's script (null before its first save) and its versions, newest first. */
export interface ScriptAnswer {
  script: AdapterScript | null;
  versions: ScriptVersion[];
}

export function adapterRoutes({ scripts, index, sandbox, lookup, catalog }: Services): AnyRouteDefinition[] {
  /**
   * The target as the caller may use it, with its name: an item of this application the caller sees, or a device
   * profile of the shared catalogue, which only cloud users (who manage the catalogue) may script. Unknown: a 400
   * naming `targetId`, so the editor marks the picker.
   */
  async function target(
    app: ScopedApplication,
    user: SessionUser,
    kind: TargetKind,
    targetId: string,
  ): Promise<{ kind: TargetKind; id: string; appId: string | null; name: string }> {
    const id = targetId.toLowerCase();
    if (kind === 'profile') {
      if (user.level !== 'cloud') throw HttpError.forbidden('adapters.errors.profileNeedsCloud');
      const profile = await catalog.get(id);
      if (!profile) throw HttpError.badRequest('adapters.errors.unknownTarget', 'targetId');
      return { kind, id, appId: null, name: profile.deviceProfileName };
    }
    const item = await lookup.find(app.id, id, app.deviceTags);
    if (!item) throw HttpError.badRequest('adapters.errors.unknownTarget', 'targetId');
    return { kind, id, appId: app.id, name: item.itemName };
  }

  const answer = async (current: CurrentScript | null, name: string): Promise<ScriptAnswer> => ({
    script: current
      ? {
          id: current.scriptId,
          targetKind: current.targetKind,
          targetId: current.targetId,
          appId: current.appId,
          targetName: name,
          currentVersion: current.version,
          source: current.source,
          updatedAt: current.updatedAt.toISOString(),
        }
      : null,
    versions: current ? await scripts.versions(current.scriptId) : [],
  });

  /** A save is refused when the text does not load: a 400 on `source` naming the line. */
  async function checkSource(source: string): Promise<void> {
    const problem = await sandbox.check(source);
    if (!problem) return;
    if (problem.kind === 'missing') throw HttpError.badRequest('adapters.errors.noDecode', 'source');
    throw HttpError.badRequest('adapters.errors.scriptError', 'source', {
      line: problem.line ?? 1,
      message: problem.message,
    });
  }

  const auditRow = async ({ app, user, body }: { app: ScopedApplication; user: SessionUser; body: ScriptTargetInput }) => {
    const found = await target(app, user, body.targetKind, body.targetId);
    const current = await scripts.find(found.kind, found.id);
    return current ? { id: current.scriptId, name: found.name, version: current.version, source: current.source } : null;
  };

  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/targets`,
      summary: 'What adapter scripts may belong to: the application’s devices, and (cloud users) the device profiles',
      app: 'appId',
      params: AppParams,
      permission: PERMISSION,
      levels: LEVELS,
      response: scriptTargetsSchema,
      handler: async ({ app, user }): Promise<{ items: ScriptTarget[]; profiles: ScriptTarget[] }> => {
        const [devices, own] = await Promise.all([lookup.devices(app.id, app.deviceTags), scripts.ofApplication(app.id)]);
        const scripted = new Set(own.map((script) => script.targetId));
        const items = devices.map(({ item }) => ({
          kind: 'item' as const,
          id: item.uuid,
          name: item.itemDisplayName || item.itemName,
          hasScript: scripted.has(item.uuid),
        }));
        if (user.level !== 'cloud') return { items, profiles: [] };
        const [profiles, profileScripts] = await Promise.all([catalog.list(), scripts.profiles()]);
        const withScript = new Set(profileScripts.map((script) => script.targetId));
        return {
          items,
          profiles: profiles.map((profile) => ({
            kind: 'profile' as const,
            id: profile.uuid,
            name: profile.deviceProfileName,
            hasScript: withScript.has(profile.uuid),
          })),
        };
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/script`,
      summary: 'A target’s adapter script with its versions, newest first (script null before the first save)',
      app: 'appId',
      params: AppParams,
      query: ScriptTargetInput,
      permission: PERMISSION,
      levels: LEVELS,
      response: scriptAnswerSchema,
      handler: async ({ app, user, query }) => {
        const found = await target(app, user, query.targetKind, query.targetId);
        return answer(await scripts.find(found.kind, found.id), found.name);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/script`,
      summary: 'Saves a target’s adapter script as its new current version (refused with the line of a syntax error)',
      app: 'appId',
      params: AppParams,
      body: SaveScriptInput,
      permission: PERMISSION,
      levels: LEVELS,
      audit: { action: 'adapters.script.save', row: auditRow },
      response: scriptAnswerSchema,
      handler: async ({ app, user, body }) => {
        const found = await target(app, user, body.targetKind, body.targetId);
        await checkSource(body.source);
        await scripts.save(found, body.source, { id: user.id, name: user.name || user.username });
        index.invalidate();
        return answer(await scripts.find(found.kind, found.id), found.name);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/script/rollback`,
      summary: 'Makes an earlier version of a target’s script current again, saved as a new version',
      app: 'appId',
      params: AppParams,
      body: RollbackScriptInput,
      permission: PERMISSION,
      levels: LEVELS,
      audit: { action: 'adapters.script.rollback', row: auditRow },
      response: scriptAnswerSchema,
      handler: async ({ app, user, body }) => {
        const found = await target(app, user, body.targetKind, body.targetId);
        const current = await scripts.find(found.kind, found.id);
        const earlier = current ? await scripts.version(current.scriptId, body.version) : null;
        if (!earlier) throw HttpError.badRequest('adapters.errors.unknownVersion', 'version');
        await scripts.save(found, earlier.source, { id: user.id, name: user.name || user.username }, earlier.version);
        index.invalidate();
        return answer(await scripts.find(found.kind, found.id), found.name);
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/script`,
      summary: 'Removes a target’s adapter script and its versions: its uplinks are processed as they come again',
      app: 'appId',
      params: AppParams,
      query: ScriptTargetInput,
      permission: PERMISSION,
      levels: LEVELS,
      audit: { action: 'adapters.script.delete', row: ({ app, user, query }) => auditRow({ app, user, body: query }) },
      response: removedScriptSchema,
      handler: async ({ app, user, query }) => {
        const found = await target(app, user, query.targetKind, query.targetId);
        if (!(await scripts.remove(found.kind, found.id))) throw HttpError.notFound('adapters.errors.noScript');
        index.invalidate();
        return { id: found.id, name: found.name };
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/test`,
      summary: 'Runs a script on a sample payload in the sandbox: fields, console lines, errors with lines, helper calls',
      app: 'appId',
      params: AppParams,
      body: TestRunInput,
      permission: PERMISSION,
      levels: LEVELS,
      // It changes nothing: helpers are listed, not carried out.
      audit: false,
      response: scriptRunSchema,
      handler: ({ app, body }): Promise<ScriptRun> => {
        let payload: unknown;
        try {
          payload = JSON.parse(body.payload);
        } catch {
          throw HttpError.badRequest('adapters.errors.payloadNotJson', 'payload');
        }
        const input = body.fn === 'decode' ? sampleInput(body.sampleSource, payload) : payload;
        return sandbox.runOne({ key: null, source: body.source, fn: body.fn, input, rateKey: `test:${app.id}` });
      },
    }),
  ];
}
