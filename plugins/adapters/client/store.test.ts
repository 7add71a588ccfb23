import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { STARTER_SCRIPT } from '../common';
import type { ScriptRun } from '../common/types';
import { AdapterEditorStore } from './store';

const ITEM = '2b0c8b8e-5a0e-4c1f-9d3e-1a2b3c4d5e6f';

/** The adapters API as the store sees it: versions kept in memory behind the same paths, answering like the server. */
function fakeApi() {
  const versions: {
    id: string;
    version: number;
    source: string;
    authorName: string;
    createdAt: string;
    restoredFrom: number | null;
  }[] = [];
  const answer = () => ({
    script: versions.length
      ? {
          id: 's',
          targetKind: 'item',
          targetId: ITEM,
          appId: 'plant',
          targetName: 'th-1',
          currentVersion: versions[0]!.version,
          source: versions[0]!.source,
          updatedAt: '',
        }
      : null,
    versions,
  });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace('/api/', '');
    if (path === 'application/') return Response.json({ appList: [{ id: 'plant', name: 'Plant' }], endCustomerWithoutApps: [] });
    if (path === 'adapters/plant/targets')
      return Response.json({ items: [{ kind: 'item', id: ITEM, name: 'th-1', hasScript: false }], profiles: [] });
    if (path === 'adapters/plant/script' && request.method === 'GET') return Response.json(answer());
    if (path === 'adapters/plant/script' && request.method === 'POST') {
      const body = (await request.json()) as { source: string };
      if (body.source.includes('broken')) {
        return Response.json(
          { statusCode: 400, field: 'source', message: 'Line 2: SyntaxError: unexpected token' },
          { status: 400 },
        );
      }
      versions.unshift({
        id: `v${versions.length + 1}`,
        version: versions.length + 1,
        source: body.source,
        authorName: 'admin',
        createdAt: new Date().toISOString(),
        restoredFrom: null,
      });
      return Response.json(answer());
    }
    if (path === 'adapters/plant/script/rollback') {
      const { version } = (await request.json()) as { version: number };
      const earlier = versions.find((v) => v.version === version)!;
      versions.unshift({ ...earlier, id: `v${versions.length + 1}`, version: versions.length + 1, restoredFrom: version });
      return Response.json(answer());
    }
    if (path === 'adapters/plant/test') {
      const run: ScriptRun = {
        output: { fields: { t: 1 } },
        fields: { t: 1 },
        logs: ['hello'],
        logsTruncated: false,
        helperCalls: [{ helper: 'sendSms', to: '+85291234567', text: 'Hi' }],
        error: null,
        durationMs: 0.4,
      };
      return Response.json(run);
    }
    return Response.json({ statusCode: 404 }, { status: 404 });
  };
  return { versions, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

describe('AdapterEditorStore', () => {
  it('chooses the first application and lists its targets', async () => {
    const store = AdapterEditorStore.create({}, { http: fakeApi().http });
    await store.loadApplications();
    expect(store.appId).toBe('plant');
    expect(store.targetsOfKind.map((target) => target.name)).toEqual(['th-1']);
  });

  it('starts a target without a script from the starter, saves versions and rolls back as a new version', async () => {
    const api = fakeApi();
    const store = AdapterEditorStore.create({}, { http: api.http });
    await store.loadApplications();
    await store.chooseTarget(ITEM);
    expect(store.draft).toBe(STARTER_SCRIPT);
    expect(store.dirty).toBe(false);
    store.setDraft('function decode() { return { fields: { a: 1 } }; }');
    expect(await store.save()).toBe(true);
    store.setDraft('function decode() { return { fields: { a: 2 } }; }');
    await store.save();
    expect(store.currentVersion).toBe(2);
    expect(store.targets[0]!.hasScript).toBe(true);
    expect(await store.rollback(1)).toBe(true);
    expect(store.currentVersion).toBe(3);
    expect(store.draft).toContain('a: 1');
    expect(store.versions[0]!.restoredFrom).toBe(1);
  });

  it('keeps the draft and the server’s message naming the line when a save is refused', async () => {
    const store = AdapterEditorStore.create({}, { http: fakeApi().http });
    await store.loadApplications();
    await store.chooseTarget(ITEM);
    store.setDraft('function decode() {\n broken');
    expect(await store.save()).toBe(false);
    expect(store.saving.fieldError('source')).toBe('Line 2: SyntaxError: unexpected token');
    expect(store.draft).toContain('broken');
    expect(store.currentVersion).toBe(0);
  });

  it('holds a test run’s fields, logs and helper calls for the page', async () => {
    const store = AdapterEditorStore.create({}, { http: fakeApi().http });
    await store.loadApplications();
    store.setSampleSource('json');
    expect(store.payload).toContain('temperature');
    await store.test();
    expect(store.testResult?.fields.map((field) => `${field.name}=${field.value}`)).toEqual(['t=1']);
    expect(store.testResult?.logs).toEqual(['hello']);
    expect(store.testResult?.helperCalls).toEqual(['sendSms → +85291234567: Hi']);
  });
});
