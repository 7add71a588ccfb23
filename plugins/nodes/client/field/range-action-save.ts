import type { Outcome } from '@sensorium/core/client';
import type { RangeEntry } from '../../common/field-preference';
import type { Item } from '../../common/types';

/** The Field Settings dialog's side of a range action: the edited range and the item the server answered. */
export interface RangeActionHostEdits {
  /** The server has a range at this index (a range added in the dialog has none yet). */
  stored: boolean;
  /** Puts a result into the edited copy of the range, so the Field Settings' Save keeps it. */
  onRangeChange(change: (range: RangeEntry) => RangeEntry): void;
  /** The item as the server returned it, after a range action stored its setting at once. */
  onItemSaved(item: Item): void;
}

/**
 * How a range action's dialog saves (node spec 4: "Dialogs return their edited copy on save"). The copy always goes
 * into the edited range. A range the server has stored is also stored at once when its setting has a call of its own
 * (`storeAtOnce`, spec 7); a range added in this dialog is not known to the server yet, so it is stored with it by the
 * Field Settings' Save.
 */
export async function saveRangeAction(
  host: RangeActionHostEdits,
  put: (range: RangeEntry) => RangeEntry,
  storeAtOnce: (() => Promise<Outcome<Item>>) | null,
): Promise<Outcome<unknown>> {
  if (!host.stored || !storeAtOnce) {
    host.onRangeChange(put);
    return { ok: true, value: undefined };
  }
  const outcome = await storeAtOnce();
  if (outcome.ok) {
    host.onRangeChange(put);
    host.onItemSaved(outcome.value);
  }
  return outcome;
}
