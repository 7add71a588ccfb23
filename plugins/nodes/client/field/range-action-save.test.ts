import { describe, expect, it } from 'vitest';
import type { Outcome } from '@sensorium/core/client';
import { defaultFirstRange, type RangeEntry } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { testItem } from '../store/test-data';
import { saveRangeAction } from './range-action-save';

/** A range dialog's host as the Field Settings dialog gives it, recording what happens to the edited range. */
function host(stored: boolean) {
  const ranges: RangeEntry[] = [];
  const saved: Item[] = [];
  return {
    ranges,
    saved,
    props: {
      stored,
      onRangeChange: (change: (range: RangeEntry) => RangeEntry) => ranges.push(change(defaultFirstRange())),
      onItemSaved: (item: Item) => saved.push(item),
    },
  };
}
const withSms = (range: RangeEntry): RangeEntry => ({
  ...range,
  notificationSetting: { ...range.notificationSetting!, smsEnabled: true },
});

describe('a range action’s dialog (issue 12 item 9)', () => {
  it('returns its copy to a range added in the dialog without a call, for the Field Settings Save to store', async () => {
    const { props, ranges, saved } = host(false);
    let calls = 0;
    const outcome = await saveRangeAction(props, withSms, async () => {
      calls++;
      return { ok: false, failure: { status: 400, message: 'Range 3 does not exist for the field battery.', fields: {} } };
    });
    expect(outcome.ok).toBe(true);
    expect(calls).toBe(0);
    expect(ranges).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('stores a stored range at once and puts the copy into the edited range too', async () => {
    const { props, ranges, saved } = host(true);
    const item = testItem();
    const outcome = await saveRangeAction(props, withSms, async (): Promise<Outcome<Item>> => ({ ok: true, value: item }));
    expect(outcome.ok).toBe(true);
    expect(ranges).toHaveLength(1);
    expect(saved).toEqual([item]);
  });

  it('keeps a setting without a call of its own (the webhook) in the edited range until the Field Settings Save', async () => {
    const { props, ranges, saved } = host(true);
    const outcome = await saveRangeAction(props, withSms, null);
    expect(outcome.ok).toBe(true);
    expect(ranges).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('keeps the edited range as it was when the immediate save fails (the dialog stays open)', async () => {
    const { props, ranges } = host(true);
    const outcome = await saveRangeAction(props, withSms, async () => ({
      ok: false,
      failure: { status: 400, message: 'The item nobody does not exist in this application.', fields: {} },
    }));
    expect(outcome.ok).toBe(false);
    expect(ranges).toEqual([]);
  });
});
