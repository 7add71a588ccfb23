import { useState } from 'react';

// Forms over saved values that live pushes and reloads keep changing (an item's settings, an application's setting).
// A form shows the saved value until the user types; from then on it shows the typed value, whatever arrives, until
// the edit is saved or discarded. The edit remembers the saved value it started from, so a save can send it along and
// the server can refuse to overwrite a change the user never saw (409).

/** An edit in progress: the typed value and the saved value it started from. */
export interface Edit<T> {
  readonly value: T;
  readonly base: T;
}

/** What the form shows: the typed value while editing, else the saved one. */
export function draftValue<T>(edit: Edit<T> | null | undefined, saved: T): T {
  return edit ? edit.value : saved;
}

/** Starts or continues an edit: the base stays the saved value of when the edit started. */
export function editDraft<T>(edit: Edit<T> | null | undefined, saved: T, next: T | ((current: T) => T)): Edit<T> {
  const current = draftValue(edit, saved);
  const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
  return { value, base: edit ? edit.base : saved };
}

/** After a conflict (409): the typed value stays, based now on the value saved meanwhile, so saving again replaces it. */
export function rebaseDraft<T>(edit: Edit<T> | null | undefined, saved: T): Edit<T> | null {
  return edit ? { value: edit.value, base: saved } : null;
}

export interface Draft<T> {
  /** What the form shows. */
  value: T;
  /** The user has typed since the last save or discard. */
  dirty: boolean;
  /** The saved value the edit started from: what a save sends as the value it is based on. */
  base: T;
  set(next: T | ((current: T) => T)): void;
  /** Back to showing the saved value (after a save, or Cancel / Revert). */
  discard(): void;
  /** Keeps the typed value, based on `saved` (the value the server holds now, after a conflict). */
  rebase(saved: T): void;
}

/**
 * A form's draft of a saved value (see above). Use it instead of copying props into state or resetting state in an
 * effect when the saved value changes: both lose what the user typed whenever a push or a reload brings a new value.
 * `start` makes the form open with an edit already made (a dialog that fills in defaults on opening).
 */
export function useDraft<T>(saved: T, start?: (saved: T) => T): Draft<T> {
  const [edit, setEdit] = useState<Edit<T> | null>(() => (start ? { value: start(saved), base: saved } : null));
  return {
    value: draftValue(edit, saved),
    dirty: edit !== null,
    base: edit ? edit.base : saved,
    set: (next) => setEdit((current) => editDraft(current, saved, next)),
    discard: () => setEdit(null),
    rebase: (now) => setEdit((current) => rebaseDraft(current, now)),
  };
}
