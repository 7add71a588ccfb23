import type { Outcome } from '@sensorium/core/client';
import type { RangeActionProps } from '../../common/extension-points';
import type { RangeEntry } from '../../common/field-preference';
import type { Item } from '../../common/types';

/**
 * How a range's notification or task dialog saves (node spec 4: "Dialogs return their edited copy on save"). The copy
 * always goes into the edited range. A range the server has stored is also stored at once (spec 7.4's own call); a
 * range added in this dialog is not known to the server yet, so it is stored with it by the Field Settings' Save.
 */
export async function saveRangeAction(
  props: Pick<RangeActionProps, 'stored' | 'onRangeChange' | 'onItemSaved'>,
  put: (range: RangeEntry) => RangeEntry,
  storeAtOnce: () => Promise<Outcome<Item>>,
): Promise<Outcome<unknown>> {
  if (!props.stored) {
    props.onRangeChange(put);
    return { ok: true, value: undefined };
  }
  const outcome = await storeAtOnce();
  if (outcome.ok) {
    props.onRangeChange(put);
    props.onItemSaved(outcome.value);
  }
  return outcome;
}
