import type { QuickJSWASMModule } from 'quickjs-emscripten';
import type { ScriptError, ScriptRun } from '../../common/types';
import type { SandboxLimits } from '../config';
import { helperCollector } from './helpers';
import { LoadedScript } from './loaded-script';
import { quickJs } from './quickjs-module';
import type { HelperRateLimit } from './rate-limit';
import { hostError } from './script-error';
import { isPlainRecord, parseScriptJson } from './sanitize';

/** Time a save's check may take to load a script. */
export const CHECK_TIME_MS = 1_000;
/** Loaded scripts kept at once; the least recently used goes first. */
const MAX_LOADED = 200;

export interface RunRequest {
  /** Cache key of this exact source (a hash of it); null: load it for this run only (a test of unsaved text). */
  key: string | null;
  source: string;
  fn: 'decode' | 'encode';
  input: unknown;
  /** Whose helper limit the run's helper calls count against (an application, or a test run's own key). */
  rateKey: string;
}

/**
 * Runs adapter scripts in QuickJS (WebAssembly): no network, files, process, timers or host objects, only the
 * helpers of the bootstrap. Scripts are kept loaded by version (MAX_LOADED), so an uplink costs one call.
 */
export class Sandbox {
  private readonly loaded = new Map<string, LoadedScript>();

  private constructor(
    private readonly module: QuickJSWASMModule,
    readonly limits: SandboxLimits,
    private readonly rateLimit: HelperRateLimit,
  ) {}

  static async create(limits: SandboxLimits, rateLimit: HelperRateLimit): Promise<Sandbox> {
    return new Sandbox(await quickJs(), limits, rateLimit);
  }

  /**
   * A syntax or top-level error of `source`, or null when it loads and declares decode. A save's check is about the
   * text, not its speed: it gets CHECK_TIME_MS, so a busy machine does not refuse a good script.
   */
  check(source: string): ScriptError | null {
    const loaded = LoadedScript.load(this.module, source, { ...this.limits, timeLimitMs: CHECK_TIME_MS });
    if ('error' in loaded) return loaded.error;
    const declared = loaded.script.declares('decode');
    loaded.script.dispose();
    return declared ? null : hostError('missing', 'The script declares no decode(input) function');
  }

  run(request: RunRequest): ScriptRun {
    const started = performance.now();
    const helpers = helperCollector(this.rateLimit, request.rateKey);
    const finish = (part: Omit<ScriptRun, 'durationMs' | 'helperCalls'>): ScriptRun => ({
      ...part,
      helperCalls: part.error ? [] : helpers.calls,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
    let script = request.key ? this.loaded.get(request.key) : undefined;
    let loadLogs: string[] = [];
    if (script) {
      // Most recently used last.
      this.loaded.delete(request.key!);
      this.loaded.set(request.key!, script);
    } else {
      const loaded = LoadedScript.load(this.module, request.source, this.limits);
      loadLogs = loaded.logs;
      if ('error' in loaded) {
        return finish({ output: null, fields: null, logs: loaded.logs, logsTruncated: false, error: loaded.error });
      }
      script = loaded.script;
      if (request.key) this.keep(request.key, script);
    }
    try {
      let raw: ReturnType<LoadedScript['run']>;
      try {
        raw = script.run(request.fn, request.input, (helper, args) => helpers.handle(helper, args));
      } catch {
        // The runtime could not even take the input (its memory is spent): the script is loaded afresh next time.
        script.broken = true;
        return finish({
          output: null,
          fields: null,
          logs: loadLogs,
          logsTruncated: false,
          error: hostError('memory', 'The script ran out of memory'),
        });
      }
      const logs = [...loadLogs, ...raw.logs];
      if (raw.error || raw.json === null) {
        return finish({ output: null, fields: null, logs, logsTruncated: raw.logsTruncated, error: raw.error });
      }
      const output = parseScriptJson(raw.json);
      if (request.fn === 'encode') return finish({ output, fields: null, logs, logsTruncated: raw.logsTruncated, error: null });
      if (!isPlainRecord(output) || !isPlainRecord(output.fields)) {
        return finish({
          output: null,
          fields: null,
          logs,
          logsTruncated: raw.logsTruncated,
          error: hostError('output', 'decode must answer an object { fields: { … } }'),
        });
      }
      return finish({ output, fields: output.fields, logs, logsTruncated: raw.logsTruncated, error: null });
    } finally {
      if (script.broken || !request.key) this.forget(request.key, script);
    }
  }

  private keep(key: string, script: LoadedScript): void {
    this.loaded.set(key, script);
    if (this.loaded.size <= MAX_LOADED) return;
    const [oldestKey, oldest] = this.loaded.entries().next().value as [string, LoadedScript];
    this.loaded.delete(oldestKey);
    oldest.dispose();
  }

  private forget(key: string | null, script: LoadedScript): void {
    if (key && this.loaded.get(key) === script) this.loaded.delete(key);
    script.dispose();
  }

  /** Scripts currently loaded (for tests and diagnosis). */
  get loadedCount(): number {
    return this.loaded.size;
  }

  /** Frees every loaded script (server shutdown). */
  close(): void {
    for (const script of this.loaded.values()) script.dispose();
    this.loaded.clear();
  }
}
