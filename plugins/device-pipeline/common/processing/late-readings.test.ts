import { describe, expect, it } from 'vitest';
import { processUplink } from './process';
import { Device, eventRange, item, pref, range } from './test-helpers';

const t0 = Date.UTC(2026, 0, 1);
const hot = pref('t', {
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [range('ok', 'green', 0, 30), eventRange('hot', 'red', 30, 100, true)],
  },
});

describe('readings older than the shown one', () => {
  it('keep the value, status and events, and give a history row of their own', () => {
    const d = new Device(item({ t: hot }));
    d.send({ t: 20 }, t0 + 10_000);
    const late = d.send({ t: 45 }, t0);
    expect(d.item.outputSimple).toEqual({ t: 20 });
    expect(d.item.status?.fieldStatus).toEqual({ t: { status: 'ok', color: 'green' } });
    expect(late.eventChanges).toEqual([]);
    expect(late.changedFields).toEqual([]);
    expect(late.history).toEqual([{ field: 't', value: 45 }]);
    // The next newer reading continues from the shown one.
    d.send({ t: 21 }, t0 + 20_000);
    expect(d.item.outputSimple).toEqual({ t: 21 });
  });

  it('are judged per field: a field the older uplink is newer for takes it', () => {
    const d = new Device(item({ t: pref('t'), h: pref('h') }));
    d.send({ t: 20, h: 50 }, t0);
    d.send({ t: 21 }, t0 + 20_000);
    d.send({ t: 99, h: 55 }, t0 + 10_000);
    expect(d.item.outputSimple).toEqual({ t: 21, h: 55 });
    expect(d.last.history).toEqual([
      { field: 't', value: 99 },
      { field: 'h', value: 55 },
    ]);
  });

  it('take the item’s last receive time for fields stored before their own time was kept', () => {
    const stored = item({ t: pref('t') }, { outputSimple: { t: 20 }, lastReceiveDate: new Date(t0 + 10_000) });
    expect(processUplink(stored, { t: 5 }, new Date(t0), {}).outputSimple).toEqual({ t: 20 });
    expect(processUplink(stored, { t: 5, n: 1 }, new Date(t0), {}).outputSimple).toEqual({ t: 20, n: 1 });
    expect(processUplink(stored, { t: 5 }, new Date(t0 + 10_000), {}).outputSimple).toEqual({ t: 5 });
  });

  it('add nothing to an accumulated total and leave it out of the history', () => {
    const d = new Device(item({ kwh: pref('kwh', { accumulative: true }) }));
    d.send({ kwh: 2 }, t0 + 10_000);
    d.send({ kwh: 3 }, t0);
    expect(d.item.outputSimple).toEqual({ kwh: 2 });
    expect(d.last.history).toEqual([]);
    d.send({ kwh: 1 }, t0 + 20_000);
    expect(d.item.outputSimple).toEqual({ kwh: 3 });
  });

  it('are still converted and filtered for their history row', () => {
    const level = pref('level', {
      filter: { min: 0, max: 100 },
      simpleConvertEnabled: true,
      simpleConvert: { inputRangeMin: 0, inputRangeMax: 100, inputResolution: 255, outputRangeMin: 0, outputRangeMax: 200 },
    });
    const d = new Device(item({ level }));
    d.send({ level: 10 }, t0 + 10_000);
    expect(d.send({ level: 40 }, t0).history).toEqual([{ field: 'level', value: 80 }]);
    const spike = d.send({ level: 400 }, t0);
    expect(spike.history).toEqual([]);
    expect(spike.discarded).toEqual(['level']);
    expect(d.item.outputSimple).toEqual({ level: 20 });
  });
});
