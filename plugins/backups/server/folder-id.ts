import { randomBytes } from 'node:crypto';

/** A backup's id: its UTC creation time to the millisecond (so ids sort by age) and a random tail against clashes. */
export function newFolderId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/\D/g, '')}-${randomBytes(3).toString('hex')}`;
}
