import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { LOG_LINE_MAX_CHARS, LOG_MAX_LINES, OUTPUT_MAX_CHARS } from '../../common/limits';
import type { ScriptError } from '../../common/types';
import type { SandboxLimits } from '../config';
import { BOOTSTRAP } from './bootstrap';
import { hostError, SCRIPT_FILE, scriptError } from './script-error';

/** Handles a helper call of the script (name and its JSON arguments); throwing makes the call throw inside the script. */
export type HelperHandler = (helper: string, args: unknown[]) => void;

/** What one call of decode or encode gave: the answer's JSON text, or the error; with the console lines. */
export interface RawRun {
  json: string | null;
  error: ScriptError | null;
  logs: string[];
  logsTruncated: boolean;
}

/** A helper's arguments are at most this long as JSON (texts are checked again by each helper). */
const HELPER_ARGS_MAX_CHARS = 16_384;
/** Time allowed to read a thrown value's name, message and stack after the run's own time is up. */
const ERROR_READ_GRACE_MS = 20;
/** Time the bootstrap may take. */
const BOOTSTRAP_MS = 2_000;

/**
 * One script, loaded in a QuickJS runtime of its own (its own heap, memory limit, stack limit and interrupt deadline),
 * kept to run many times: loading costs a runtime and a parse, a run only a call. Any failure of a run (a throw, a
 * limit) breaks it, and its owner loads it afresh, so a script's state can never carry a half-finished run on.
 * `dispose` frees the invoker handle, then the context, then the runtime: QuickJS aborts the process when a runtime
 * goes while handles of it live.
 */
export class LoadedScript {
  private deadline = 0;
  private onHelper: HelperHandler | null = null;
  private logs: string[] = [];
  private logsTruncated = false;
  private disposed = false;
  broken = false;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
    private invoker: QuickJSHandle | null,
    private readonly limits: SandboxLimits,
  ) {}

  /** Loads `source`; a syntax error, a top-level throw or a limit during loading answers its error (nothing is kept). */
  static load(
    module: QuickJSWASMModule,
    source: string,
    limits: SandboxLimits,
  ): { script: LoadedScript; logs: string[] } | { error: ScriptError; logs: string[] } {
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    const vm = runtime.newContext();
    const script = new LoadedScript(runtime, vm, null, limits);
    runtime.setInterruptHandler(() => Date.now() > script.deadline);
    const error = script.install(source);
    const logs = script.takeLogs().logs;
    if (error) {
      script.dispose();
      return { error, logs };
    }
    return { script, logs };
  }

  private install(source: string): ScriptError | null {
    const { vm } = this;
    // The bootstrap is ours: a busy machine (the module's first compile) must not make it fail; the script gets its limit.
    this.deadline = Date.now() + BOOTSTRAP_MS;
    const factory = vm.evalCode(BOOTSTRAP, 'bootstrap.js');
    if (factory.error) {
      factory.error.dispose();
      return hostError('runtime', 'The sandbox could not start');
    }
    const bridge = vm.newFunction('host', (nameHandle, argsHandle) => {
      this.bridge(vm.getString(nameHandle), argsHandle);
    });
    const json = vm.getProp(vm.global, 'JSON');
    const stringify = vm.getProp(json, 'stringify');
    const parse = vm.getProp(json, 'parse');
    const object = vm.getProp(vm.global, 'Object');
    const freeze = vm.getProp(object, 'freeze');
    const define = vm.getProp(object, 'defineProperty');
    const made = vm.callFunction(factory.value, vm.undefined, bridge, stringify, parse, freeze, define);
    for (const handle of [factory.value, bridge, json, stringify, parse, object, freeze, define]) handle.dispose();
    if (made.error) {
      made.error.dispose();
      return hostError('runtime', 'The sandbox could not start');
    }
    this.invoker = made.value;
    this.deadline = Date.now() + this.limits.timeLimitMs;
    const loaded = vm.evalCode(source, SCRIPT_FILE);
    if (loaded.error) return this.thrown(loaded.error, 'load');
    loaded.value.dispose();
    return null;
  }

  /** The bridge's side: console lines are kept, helpers go to the run's handler. */
  private bridge(name: string, argsHandle: QuickJSHandle): void {
    const argsText = this.vm.typeof(argsHandle) === 'string' ? this.vm.getString(argsHandle) : '[]';
    if (argsText.length > HELPER_ARGS_MAX_CHARS) throw new RangeError(`${name}: its arguments are too long`);
    const args = JSON.parse(argsText) as unknown[];
    if (name === 'log') return this.log(String(args[0] ?? ''));
    if (!this.onHelper) throw new Error(`${name} is not available here`);
    this.onHelper(name, args);
  }

  private log(line: string): void {
    if (this.logs.length >= LOG_MAX_LINES) {
      this.logsTruncated = true;
      return;
    }
    this.logs.push(line.length > LOG_LINE_MAX_CHARS ? `${line.slice(0, LOG_LINE_MAX_CHARS)}…` : line);
  }

  private takeLogs(): { logs: string[]; logsTruncated: boolean } {
    const taken = { logs: this.logs, logsTruncated: this.logsTruncated };
    this.logs = [];
    this.logsTruncated = false;
    return taken;
  }

  /** Whether the script declared a function of this name (checked inside the context, under the time limit). */
  declares(name: 'decode' | 'encode'): boolean {
    this.deadline = Date.now() + this.limits.timeLimitMs;
    const result = this.vm.evalCode(`typeof globalThis.${name} === 'function'`, 'check.js');
    if (result.error) {
      result.error.dispose();
      return false;
    }
    const declared = this.vm.typeof(result.value) === 'boolean' && this.vm.dump(result.value) === true;
    result.value.dispose();
    return declared;
  }

  /** Calls `decode` or `encode` with `input` (sent as JSON) under the time limit. */
  run(fn: 'decode' | 'encode', input: unknown, onHelper: HelperHandler): RawRun {
    if (this.broken || this.disposed || !this.invoker) throw new Error('The script is no longer loaded');
    const { vm } = this;
    this.onHelper = onHelper;
    this.deadline = Date.now() + this.limits.timeLimitMs;
    const name = vm.newString(fn);
    const inputHandle = vm.newString(JSON.stringify(input ?? null));
    const result = vm.callFunction(this.invoker, vm.undefined, name, inputHandle);
    name.dispose();
    inputHandle.dispose();
    this.onHelper = null;
    if (result.error) {
      const error = this.thrown(result.error, 'run');
      this.broken = true;
      return { json: null, error, ...this.takeLogs() };
    }
    const json = this.answer(result.value);
    if (typeof json !== 'string') this.broken = true;
    return typeof json === 'string' ? { json, error: null, ...this.takeLogs() } : { json: null, error: json, ...this.takeLogs() };
  }

  /** The invoker's answer: a JSON string of at most OUTPUT_MAX_CHARS, read only once its length is known. */
  private answer(handle: QuickJSHandle): string | ScriptError {
    try {
      if (this.vm.typeof(handle) !== 'string') return hostError('output', 'The script answered no JSON');
      const length = this.vm.getProp(handle, 'length');
      const size = this.vm.getNumber(length);
      length.dispose();
      if (size > OUTPUT_MAX_CHARS) {
        return hostError('output', `The answer is ${size} characters of JSON, more than ${OUTPUT_MAX_CHARS}`);
      }
      return this.vm.getString(handle);
    } finally {
      handle.dispose();
    }
  }

  /** Reads a thrown value's name, message and stack as strings (each bounded), then frees it. */
  private thrown(handle: QuickJSHandle, phase: 'load' | 'run'): ScriptError {
    const { vm } = this;
    this.deadline = Date.now() + ERROR_READ_GRACE_MS;
    try {
      const type = vm.typeof(handle);
      if (type === 'object') {
        const read = (key: string): string | null => {
          try {
            const prop = vm.getProp(handle, key);
            try {
              return this.boundedString(prop);
            } finally {
              prop.dispose();
            }
          } catch {
            return null;
          }
        };
        const name = read('name');
        const message = read('message');
        const stack = read('stack');
        return scriptError({ name, message, stack, text: message ?? 'The script threw an object' }, phase);
      }
      const text =
        type === 'string'
          ? (this.boundedString(handle) ?? 'a long text')
          : type === 'number'
            ? String(vm.getNumber(handle))
            : type;
      return scriptError({ name: null, message: null, stack: null, text: `The script threw ${text}` }, phase);
    } finally {
      handle.dispose();
    }
  }

  private boundedString(handle: QuickJSHandle): string | null {
    const { vm } = this;
    if (vm.typeof(handle) !== 'string') return null;
    const length = vm.getProp(handle, 'length');
    const size = vm.getNumber(length);
    length.dispose();
    return size > 4096 ? null : vm.getString(handle);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.invoker?.dispose();
    this.invoker = null;
    this.vm.dispose();
    this.runtime.dispose();
  }
}
