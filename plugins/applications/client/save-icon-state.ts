import { useCallback, useEffect, useRef, useState } from 'react';

/** The save icon of the application settings (shell spec §4, §9). */
export type SaveIconState = 'cold' | 'editing' | 'saving' | 'save_success';
export const SAVE_STEP_MS = 2000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One save through the icon's states: saving until both the call and 2 s are done, then save_success for 2 s, then cold;
 * a failed call goes back to editing. Resolves whether the save succeeded.
 */
export async function runSave(call: () => Promise<void>, set: (state: SaveIconState) => void): Promise<boolean> {
  set('saving');
  try {
    await Promise.all([call(), wait(SAVE_STEP_MS)]);
  } catch {
    set('editing');
    return false;
  }
  set('save_success');
  await wait(SAVE_STEP_MS);
  set('cold');
  return true;
}

/**
 * cold → editing on edit; editing → saving on save (the caller checks validation first); saving → save_success after
 * 2 s (and once the save call has succeeded); save_success → cold after another 2 s. A failed save returns to editing.
 */
export function useSaveIcon(): {
  state: SaveIconState;
  edit(): void;
  revert(): void;
  save(call: () => Promise<void>): Promise<boolean>;
} {
  const [state, setState] = useState<SaveIconState>('cold');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const set = (next: SaveIconState) => mounted.current && setState(next);
  const save = useCallback((call: () => Promise<void>) => runSave(call, set), []);
  return { state, edit: () => setState('editing'), revert: () => setState('cold'), save };
}
