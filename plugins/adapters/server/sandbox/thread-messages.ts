import type { ScriptError, ScriptRun } from '../../common/types';
import type { RunRequest } from './sandbox';

/** Main thread → sandbox thread. */
export type ToSandbox =
  | { type: 'check'; id: number; source: string }
  /** `careful`: answer each run at once (after a hang, to tell which run hung); otherwise every few milliseconds. */
  | { type: 'run'; id: number; requests: RunRequest[]; careful: boolean };

/** Sandbox thread → main thread. */
export type FromSandbox =
  | { type: 'ready' }
  | { type: 'checked'; id: number; error: ScriptError | null }
  /** Runs `index`, `index + 1`… of the request. */
  | { type: 'ran'; id: number; index: number; runs: ScriptRun[] };
