import { resolve } from 'node:path';

/** The repository this CLI belongs to; commands take `--root` to work on another copy (the CLI's tests do). */
export const REPO_ROOT = resolve(import.meta.dirname, '..');
