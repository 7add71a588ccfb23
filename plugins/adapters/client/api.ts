import type { KyInstance } from 'ky';
import type { ApplicationListResponse } from '@sensorium/applications/common';
import type { SampleSource } from '../common/inputs';
import type { AdapterScript, ScriptRun, ScriptTarget, ScriptVersion, TargetKind } from '../common/types';

export interface ScriptAnswer {
  script: AdapterScript | null;
  versions: ScriptVersion[];
}

export interface TargetList {
  items: ScriptTarget[];
  profiles: ScriptTarget[];
}

export interface TestRequest {
  source: string;
  fn: 'decode' | 'encode';
  sampleSource: SampleSource;
  payload: string;
}

/** The adapters API (server/routes.ts) on the console's HTTP client. */
export function adaptersApi(http: KyInstance) {
  const base = (appId: string) => `adapters/${encodeURIComponent(appId)}`;
  const target = (kind: TargetKind, id: string) => ({ targetKind: kind, targetId: id });
  return {
    applications: () => http.get('application/').json<ApplicationListResponse>(),
    targets: (appId: string) => http.get(`${base(appId)}/targets`).json<TargetList>(),
    script: (appId: string, kind: TargetKind, id: string) =>
      http.get(`${base(appId)}/script`, { searchParams: target(kind, id) }).json<ScriptAnswer>(),
    save: (appId: string, kind: TargetKind, id: string, source: string) =>
      http.post(`${base(appId)}/script`, { json: { ...target(kind, id), source } }).json<ScriptAnswer>(),
    rollback: (appId: string, kind: TargetKind, id: string, version: number) =>
      http.post(`${base(appId)}/script/rollback`, { json: { ...target(kind, id), version } }).json<ScriptAnswer>(),
    remove: (appId: string, kind: TargetKind, id: string) =>
      http.delete(`${base(appId)}/script`, { searchParams: target(kind, id) }).json<unknown>(),
    test: (appId: string, request: TestRequest) => http.post(`${base(appId)}/test`, { json: request }).json<ScriptRun>(),
  };
}
