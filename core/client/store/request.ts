import { isHTTPError } from 'ky';
import { types, type Instance } from 'mobx-state-tree';
import { readApiError } from '../http';

/** A failed call as a page shows it: the HTTP status, the server's translated message and its message per field. */
export interface Failure {
  /** null for a network failure. */
  status: number | null;
  /** The server's message, already translated; null when the failure carried none. */
  message: string | null;
  fields: Record<string, string>;
}

/** Reads a failed call: the first message the server gave per field, the offending `field` naming the main message. */
export async function readFailure(error: unknown): Promise<Failure> {
  const status = isHTTPError(error) ? error.response.status : null;
  const body = await readApiError(error);
  const fields: Record<string, string> = {};
  for (const problem of body?.fields ?? []) fields[problem.field] ??= problem.message;
  if (body?.field && !fields[body.field]) fields[body.field] = body.message;
  return { status, message: body?.message ?? null, fields };
}

export const FailureModel = types.model('Failure', {
  status: types.maybeNull(types.number),
  message: types.maybeNull(types.string),
  fields: types.map(types.string),
});

/** One kind of call of a store (loading a list, saving a form): whether it runs and how the last one failed. */
export const RequestModel = types
  .model('Request', {
    pending: false,
    failure: types.maybeNull(FailureModel),
  })
  .views((self) => ({
    get failed(): boolean {
      return self.failure !== null;
    },
    /** The server's message for one field of the last failed call. */
    fieldError(field: string): string | undefined {
      return self.failure?.fields.get(field);
    },
  }))
  .actions((self) => ({
    start() {
      self.pending = true;
      self.failure = null;
    },
    succeed() {
      self.pending = false;
    },
    fail(failure: Failure) {
      self.pending = false;
      self.failure = FailureModel.create(failure);
    },
    clear() {
      self.failure = null;
    },
  }));

export type RequestState = Instance<typeof RequestModel>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * Runs a call under a request state: pending while it runs, its failure read and kept. Never throws: the caller
 * (a store action) decides what a failure changes, and pages show `request.failure`.
 */
export async function track<T>(request: RequestState, call: () => Promise<T>): Promise<Outcome<T>> {
  request.start();
  try {
    const value = await call();
    request.succeed();
    return { ok: true, value };
  } catch (error) {
    const failure = await readFailure(error);
    request.fail(failure);
    return { ok: false, failure };
  }
}
