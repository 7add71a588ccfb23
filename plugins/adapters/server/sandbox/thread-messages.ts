import type { ScriptError, ScriptRun } from '../../common/types';
import type { RunRequest } from './sandbox';

/** Main thread → sandbox thread. */
export type ToSandbox = { type: 'check'; id: number; source: string } | { type: 'run'; id: number; requests: RunRequest[] };

/** Sandbox thread → main thread. */
export type FromSandbox =
  | { type: 'ready' }
  | { type: 'checked'; id: number; error: ScriptError | null }
  /** Runs `index`, `index + 1`… of the request. */
  | { type: 'ran'; id: number; index: number; runs: ScriptRun[] };
