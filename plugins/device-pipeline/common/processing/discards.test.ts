import { describe, expect, it } from 'vitest';
import { Device, item, pref } from './test-helpers';

const t0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

describe('discarded readings on the item', () => {
  it('count per field with the last value, its reason and time, kept across uplinks', () => {
    const d = new Device(item({ energy: pref('energy'), v: pref('v', { filter: { min: 0, max: 300 } }) }));
    d.send({ energy: 29_912_345.6, v: 230 }, t0);
    expect(d.item.status?.discarded).toEqual({
      energy: { count: 1, value: '29912345.6', reason: 'spikeFilter', min: -100000, max: 100000, at: iso(t0) },
    });
    d.send({ energy: 29_912_400, v: 'n/a' }, t0 + 5000);
    expect(d.item.status?.discarded).toEqual({
      energy: { count: 2, value: '29912400', reason: 'spikeFilter', min: -100000, max: 100000, at: iso(t0 + 5000) },
      v: { count: 1, value: 'n/a', reason: 'unreadable', signal: 'analog', at: iso(t0 + 5000) },
    });
    // Valid readings leave the counts as they are; a reset or a tick keeps them too.
    d.send({ v: 231 }, t0 + 10_000);
    d.tick(t0 + 20_000);
    expect(d.item.status?.discarded?.energy?.count).toBe(2);
    expect(d.item.status?.discarded?.v?.count).toBe(1);
  });

  it('an older discarded reading adds to the count but does not replace the last one', () => {
    const d = new Device(item({ t: pref('t', { filter: { min: 0, max: 50 } }) }));
    d.send({ t: 99 }, t0 + 10_000);
    d.send({ t: 77 }, t0);
    expect(d.item.status?.discarded?.t).toMatchObject({ count: 2, value: '99', at: iso(t0 + 10_000) });
  });

  it('is absent while nothing was discarded, and cuts long values', () => {
    const d = new Device(item({ t: pref('t'), s: pref('s', { signal: 'string' }) }));
    d.send({ t: 1, s: 'ok' }, t0);
    expect(d.item.status).not.toHaveProperty('discarded');
    d.send({ t: 'x'.repeat(500) }, t0 + 1000);
    expect(d.item.status?.discarded?.t?.value).toHaveLength(100);
    d.send({ s: null }, t0 + 2000);
    expect(d.item.status?.discarded?.s).toMatchObject({ value: 'null', reason: 'unreadable', signal: 'string' });
  });
});
