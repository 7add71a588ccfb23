import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import { SAMPLE_PAYLOADS, STARTER_SCRIPT, type SampleSource } from '../common';
import type { HelperCall, ScriptRun, TargetKind } from '../common/types';
import { adaptersApi, type ScriptAnswer, type TargetList } from './api';

const TargetModel = types.model('AdapterTarget', {
  kind: types.enumeration<TargetKind>(['profile', 'item']),
  id: types.string,
  name: types.string,
  hasScript: types.boolean,
});

const ApplicationModel = types.model('AdapterApplication', { id: types.string, name: types.string });

const VersionModel = types.model('AdapterScriptVersion', {
  id: types.string,
  version: types.number,
  source: types.string,
  authorName: types.string,
  createdAt: types.string,
  restoredFrom: types.maybeNull(types.number),
});

const ErrorModel = types.model('AdapterScriptError', {
  kind: types.string,
  message: types.string,
  line: types.maybeNull(types.number),
  column: types.maybeNull(types.number),
});

/** A field of a test run: its name and its value as JSON text. */
const FieldModel = types.model('AdapterTestField', { name: types.string, value: types.string });

function helperSummary(call: HelperCall): string {
  if (call.helper === 'sendEmail') return `sendEmail → ${call.to}: ${call.subject}`;
  if (call.helper === 'sendSms') return `sendSms → ${call.to}: ${call.text}`;
  return `createEvent (${call.severity}): ${call.description}`;
}

const TestResultModel = types.model('AdapterTestResult', {
  fields: types.array(FieldModel),
  /** encode's answer (or decode's whole answer) as pretty JSON; empty after an error. */
  output: types.string,
  logs: types.array(types.string),
  logsTruncated: types.boolean,
  helperCalls: types.array(types.string),
  error: types.maybeNull(ErrorModel),
  durationMs: types.number,
});

function toResult(run: ScriptRun) {
  return {
    fields: Object.entries(run.fields ?? {}).map(([name, value]) => ({ name, value: JSON.stringify(value) })),
    output: run.output === null ? '' : JSON.stringify(run.output, null, 2),
    logs: run.logs,
    logsTruncated: run.logsTruncated,
    helperCalls: run.helperCalls.map(helperSummary),
    error: run.error,
    durationMs: run.durationMs,
  };
}

/** The adapter editor's state: the chosen application and target, its script and versions, and the last test run. */
export const AdapterEditorStore = types
  .model('AdapterEditorStore', {
    applications: types.array(ApplicationModel),
    appId: '',
    targets: types.array(TargetModel),
    targetKind: types.optional(types.enumeration<TargetKind>(['profile', 'item']), 'item'),
    targetId: '',
    /** The saved current version's text ('' before the first save) and its number (0: none). */
    savedSource: '',
    currentVersion: 0,
    /** What the editor holds (unsaved changes included). */
    draft: STARTER_SCRIPT,
    versions: types.array(VersionModel),
    fn: types.optional(types.enumeration(['decode', 'encode']), 'decode'),
    sampleSource: types.optional(types.enumeration<SampleSource>(['chirpstack', 'ttn', 'json']), 'chirpstack'),
    payload: SAMPLE_PAYLOADS.chirpstack,
    testResult: types.maybeNull(TestResultModel),
    loadingTargets: types.optional(RequestModel, {}),
    loadingScript: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    testing: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get targetsOfKind() {
      return self.targets.filter((target) => target.kind === self.targetKind);
    },
    get dirty(): boolean {
      return self.draft !== (self.currentVersion > 0 ? self.savedSource : STARTER_SCRIPT);
    },
    version(number: number) {
      return self.versions.find((version) => version.version === number);
    },
  }))
  .actions((self) => ({
    setApplications(list: { id: string; name: string }[]) {
      self.applications.replace(list);
    },
    setTargets(list: TargetList) {
      self.targets.replace([...list.items, ...list.profiles]);
    },
    setScript(answer: ScriptAnswer) {
      self.savedSource = answer.script?.source ?? '';
      self.currentVersion = answer.script?.currentVersion ?? 0;
      self.draft = answer.script?.source ?? STARTER_SCRIPT;
      self.versions.replace(answer.versions);
      const target = self.targets.find((t) => t.kind === self.targetKind && t.id === self.targetId);
      if (target) target.hasScript = answer.script !== null;
    },
    setDraft(text: string) {
      self.draft = text;
    },
    setFn(fn: 'decode' | 'encode') {
      self.fn = fn;
    },
    setPayload(text: string) {
      self.payload = text;
    },
    setSampleSource(source: SampleSource) {
      self.sampleSource = source;
      self.payload = SAMPLE_PAYLOADS[source];
    },
    setTestResult(run: ScriptRun | null) {
      self.testResult = run ? TestResultModel.create(toResult(run)) : null;
    },
    chooseKind(kind: TargetKind) {
      self.targetKind = kind;
      self.targetId = '';
      self.versions.clear();
      self.currentVersion = 0;
      self.savedSource = '';
      self.draft = STARTER_SCRIPT;
    },
    pickTarget(id: string) {
      self.targetId = id;
    },
    pickApplication(appId: string) {
      self.appId = appId;
      self.targetId = '';
      self.targets.clear();
      self.versions.clear();
      self.currentVersion = 0;
      self.savedSource = '';
      self.draft = STARTER_SCRIPT;
      self.testResult = null;
    },
  }))
  .actions((self) => {
    const api = () => adaptersApi(getEnv<Pick<StoreEnv, 'http'>>(self).http);
    const chooseApplication = async (appId: string): Promise<void> => {
      self.pickApplication(appId);
      const outcome = await track(self.loadingTargets, () => api().targets(appId));
      if (outcome.ok && self.appId === appId) self.setTargets(outcome.value);
    };
    return {
      /** The applications the caller sees; the first is chosen when none is. */
      async loadApplications(): Promise<void> {
        const outcome = await track(self.loadingTargets, () => api().applications());
        if (!outcome.ok) return;
        self.setApplications(outcome.value.appList.map((app) => ({ id: app.id, name: app.name })));
        if (!self.appId && self.applications[0]) await chooseApplication(self.applications[0].id);
      },
      chooseApplication,
      async chooseTarget(id: string): Promise<void> {
        self.pickTarget(id);
        const outcome = await track(self.loadingScript, () => api().script(self.appId, self.targetKind, id));
        if (outcome.ok && self.targetId === id) self.setScript(outcome.value);
      },
      /** Saves the editor's text as a new version; answers whether it was saved (the failure names the line). */
      async save(): Promise<boolean> {
        const outcome = await track(self.saving, () => api().save(self.appId, self.targetKind, self.targetId, self.draft));
        if (outcome.ok) self.setScript(outcome.value);
        return outcome.ok;
      },
      async rollback(version: number): Promise<boolean> {
        const outcome = await track(self.saving, () => api().rollback(self.appId, self.targetKind, self.targetId, version));
        if (outcome.ok) self.setScript(outcome.value);
        return outcome.ok;
      },
      async remove(): Promise<boolean> {
        const outcome = await track(self.saving, () => api().remove(self.appId, self.targetKind, self.targetId));
        if (outcome.ok) self.setScript({ script: null, versions: [] });
        return outcome.ok;
      },
      /** Runs the editor's text on the sample in the server's sandbox. */
      async test(): Promise<void> {
        const outcome = await track(self.testing, () =>
          api().test(self.appId, { source: self.draft, fn: self.fn, sampleSource: self.sampleSource, payload: self.payload }),
        );
        self.setTestResult(outcome.ok ? outcome.value : null);
      },
    };
  });

export type AdapterEditorStoreInstance = Instance<typeof AdapterEditorStore>;
