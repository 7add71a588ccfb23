import { resolve } from 'node:path';

/** The "Next steps" text printed after generating a plugin: the commands (starting with a cd when needed), then a pointer. */
export function nextStepsText(commands: string[], root: string, pointer: string): string {
  const steps = resolve(root) === process.cwd() ? commands : [`cd ${root}`, ...commands];
  return ['', 'Next steps:', ...steps.map((step) => `  ${step}`), '', pointer].join('\n');
}
