import { Worker } from 'node:worker_threads';
import type { ScriptError, ScriptRun } from '../../common/types';
import type { SandboxLimits } from '../config';
import { CHECK_TIME_MS, type RunRequest } from './sandbox';
import { hostError } from './script-error';
import type { FromSandbox, ToSandbox } from './thread-messages';

/** A run may overstay its own limit this long (loading, a grace for thrown values) before the thread is terminated. */
const OVERSTAY_MS = 250;
/** Starting the thread (tsx, the QuickJS module) may take this long. */
const START_TIMEOUT_MS = 30_000;

interface Pending {
  requests: RunRequest[];
  careful: boolean;
  results: (ScriptRun | undefined)[];
  done: number;
  resolve: (runs: ScriptRun[]) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

const overstayed = (limits: SandboxLimits): ScriptRun => ({
  output: null,
  fields: null,
  logs: [],
  logsTruncated: false,
  helperCalls: [],
  error: hostError('timeout', 'the script ran longer than its time limit'),
  durationMs: limits.timeLimitMs,
});

/**
 * The sandbox in a worker thread of its own (sandbox-worker.ts), with a wall-clock watchdog: each run has its time limit
 * plus OVERSTAY_MS to answer, or the thread is terminated (its WebAssembly heap and every QuickJS handle go with it),
 * that run answers a timeout, and the runs after it go to a new thread. The server's event loop never runs script code,
 * and it is free while the scripts of a batch run.
 */
export class IsolatedSandbox {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private readonly runs = new Map<number, Pending>();
  private readonly checks = new Map<number, (error: ScriptError | null) => void>();
  private closed = false;

  constructor(
    readonly limits: SandboxLimits,
    private readonly helperCallsPerMinute: number,
  ) {}

  /** Starts the thread now (the first uplinks then do not wait for it). */
  start(): Promise<void> {
    this.thread();
    return this.ready!;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./sandbox-thread.mjs', import.meta.url), {
      workerData: { limits: this.limits, helperCallsPerMinute: this.helperCallsPerMinute },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The adapter sandbox did not start')), START_TIMEOUT_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    this.ready.catch(() => undefined);
    worker.on('message', (message: FromSandbox) => this.received(message));
    worker.on('exit', () => this.lost(worker));
    return worker;
  }

  private received(message: FromSandbox): void {
    if (message.type === 'checked') {
      this.checks.get(message.id)?.(message.error);
      this.checks.delete(message.id);
      return;
    }
    if (message.type !== 'ran') return;
    const pending = this.runs.get(message.id);
    if (!pending) return;
    message.runs.forEach((run, offset) => (pending.results[message.index + offset] = run));
    pending.done += message.runs.length;
    if (pending.done === pending.requests.length) this.finish(message.id, pending);
    else this.watch(message.id, pending);
  }

  private finish(id: number, pending: Pending): void {
    if (pending.timer) clearTimeout(pending.timer);
    this.runs.delete(id);
    pending.resolve(pending.results as ScriptRun[]);
  }

  /** Arms the watchdog for the pending batch's next run. */
  private watch(id: number, pending: Pending): void {
    if (pending.timer) clearTimeout(pending.timer);
    pending.timer = setTimeout(() => this.overstay(id, pending), this.limits.timeLimitMs + OVERSTAY_MS);
    pending.timer.unref();
  }

  /**
   * A run overstayed: the thread goes. In careful mode the first unanswered run is the one that hung: it answers a
   * timeout and the rest run on a new thread. Otherwise the thread may have finished runs it had not sent yet, so the
   * unanswered ones run again, carefully, to find the one that hangs (helpers are only collected, never done twice).
   */
  private overstay(id: number, pending: Pending): void {
    this.runs.delete(id);
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    let offset = pending.done;
    if (pending.careful) {
      pending.results[offset] = overstayed(this.limits);
      offset += 1;
    }
    const rest = pending.requests.slice(offset);
    if (rest.length === 0) return pending.resolve(pending.results as ScriptRun[]);
    void this.send(rest, !pending.careful).then((runs) => {
      runs.forEach((run, index) => (pending.results[offset + index] = run));
      pending.resolve(pending.results as ScriptRun[]);
    });
  }

  /** A thread that ended while work was pending (terminated, or crashed): the work is answered as failed. */
  private lost(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    for (const [id, resolve] of this.checks) {
      resolve(hostError('runtime', 'The sandbox stopped'));
      this.checks.delete(id);
    }
  }

  /** Runs the requests in order; each answers its own outcome (a hung one a timeout). */
  run(requests: RunRequest[]): Promise<ScriptRun[]> {
    return this.send(requests, false);
  }

  private async send(requests: RunRequest[], careful: boolean): Promise<ScriptRun[]> {
    if (requests.length === 0) return [];
    if (this.closed) throw new Error('The adapter sandbox is closed');
    const worker = this.thread();
    await this.ready;
    const id = this.nextId++;
    return new Promise<ScriptRun[]>((resolve) => {
      const pending: Pending = { requests, careful, results: [], done: 0, resolve, timer: null };
      this.runs.set(id, pending);
      // The first run also covers the time its script takes to load (a new thread answers "ready" before it is asked).
      this.watch(id, pending);
      worker.postMessage({ type: 'run', id, requests, careful } satisfies ToSandbox);
    });
  }

  async runOne(request: RunRequest): Promise<ScriptRun> {
    const [run] = await this.run([request]);
    return run!;
  }

  /** A syntax or top-level error of `source`, or null when it loads and declares decode. */
  async check(source: string): Promise<ScriptError | null> {
    const worker = this.thread();
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.checks.delete(id);
        resolve(hostError('timeout', 'the script ran longer than its time limit'));
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, CHECK_TIME_MS + OVERSTAY_MS);
      timer.unref();
      this.checks.set(id, (error) => {
        clearTimeout(timer);
        resolve(error);
      });
      worker.postMessage({ type: 'check', id, source } satisfies ToSandbox);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
