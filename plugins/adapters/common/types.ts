/** What a script belongs to: a device profile (every item using it) or one item, whose own script wins. */
export const TARGET_KINDS = ['profile', 'item'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** Why a run produced nothing. `line` and `column` are the script's (1-based), when the error names them. */
export interface ScriptError {
  kind: 'syntax' | 'runtime' | 'timeout' | 'memory' | 'output' | 'missing';
  message: string;
  line: number | null;
  column: number | null;
}

/** A helper a script called, with what it asked for (a test run only lists them; a live run carries them out). */
export type HelperCall =
  | { helper: 'sendEmail'; to: string; subject: string; text: string }
  | { helper: 'sendSms'; to: string; text: string }
  | { helper: 'createEvent'; description: string; severity: number };

/** The outcome of one run of decode or encode. */
export interface ScriptRun {
  /** What the function returned, as JSON (sanitised): decode's `{ fields }`, encode's payload; null after an error. */
  output: unknown;
  /** decode's fields (output.fields), or null. */
  fields: Record<string, unknown> | null;
  logs: string[];
  /** True when more console.log lines were written than kept. */
  logsTruncated: boolean;
  helperCalls: HelperCall[];
  error: ScriptError | null;
  durationMs: number;
}

/** One stored version of a script. */
export interface ScriptVersion {
  id: string;
  version: number;
  source: string;
  authorName: string;
  createdAt: string;
  /** The version this one was restored from (a rollback), or null. */
  restoredFrom: number | null;
}

/** A script with its current version. */
export interface AdapterScript {
  id: string;
  targetKind: TargetKind;
  targetId: string;
  /** The item's application (item scripts), null for a profile's. */
  appId: string | null;
  /** The item's or profile's name, for the list. */
  targetName: string;
  currentVersion: number;
  source: string;
  updatedAt: string;
}

/** A target the editor's picker offers. */
export interface ScriptTarget {
  kind: TargetKind;
  id: string;
  name: string;
  /** Whether a script is attached. */
  hasScript: boolean;
}
