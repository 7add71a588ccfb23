import type { ScriptError } from '../../common/types';

/** The script's file name in stacks; a frame `adapter.js:3:7` is line 3, column 7 of the script. */
export const SCRIPT_FILE = 'adapter.js';
const FRAME = new RegExp(`${SCRIPT_FILE.replace('.', '\\.')}:(\\d+)(?::(\\d+))?`);

const MESSAGE_MAX_CHARS = 500;

/** What QuickJS says when a limit ended the run. */
function kindOf(name: string, message: string, phase: 'load' | 'run'): ScriptError['kind'] {
  if (message === 'interrupted') return 'timeout';
  if (message === 'out of memory' || message === 'string too long' || message === 'invalid array length') return 'memory';
  if (name === 'SyntaxError' && phase === 'load') return 'syntax';
  return 'runtime';
}

/**
 * A thrown value as the editor shows it. `name`, `message` and `stack` were read from the value inside the VM as
 * strings (or are null for a thrown non-object), so nothing of the script's objects reaches the host.
 */
export function scriptError(
  thrown: { name: string | null; message: string | null; stack: string | null; text: string },
  phase: 'load' | 'run',
): ScriptError {
  const name = thrown.name ?? '';
  const message = (thrown.message ?? thrown.text).slice(0, MESSAGE_MAX_CHARS);
  const kind = kindOf(name, message, phase);
  const frame = thrown.stack ? FRAME.exec(thrown.stack) : null;
  const shown = kind === 'timeout' ? 'the script ran longer than its time limit' : name ? `${name}: ${message}` : message;
  return {
    kind,
    message: shown,
    line: frame ? Number(frame[1]) : null,
    column: frame?.[2] ? Number(frame[2]) : null,
  };
}

export function hostError(kind: ScriptError['kind'], message: string): ScriptError {
  return { kind, message, line: null, column: null };
}
