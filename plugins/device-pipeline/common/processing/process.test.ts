import { describe, expect, it } from 'vitest';
import { defaultDebounce } from '@sensorium/nodes/common';
import { processUplink, reevaluate } from './process';
import { Device, eventRange, item, pref, range } from './test-helpers';

const noBounds = { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null } };
const t0 = Date.UTC(2026, 0, 1);

describe('analog processing', () => {
  it('stores the value with raw precision; unit and decimal places are for display only', () => {
    const r = processUplink(item({ t: pref('t', { unit: '°C', decimalPlace: 1 }) }), { t: 21.456 }, new Date(t0), {});
    expect(r.outputSimple.t).toBe(21.456);
    expect(r.valid).toBe(true);
    expect(r.history).toEqual([{ field: 't', value: 21.456 }]);
  });

  it('accepts numeric strings', () => {
    expect(processUplink(item({ t: pref('t') }), { t: '7.5' }, new Date(t0), {}).outputSimple.t).toBe(7.5);
  });

  it('spike filter: a value outside [min, max] is discarded, the field keeps its value and the uplink is not valid', () => {
    const it0 = item({ t: pref('t', { filter: { min: -40, max: 85 } }), b: pref('b') }, { outputSimple: { t: 20 } });
    const r = processUplink(it0, { t: 1000, b: 3.6 }, new Date(t0), {});
    expect(r.outputSimple.t).toBe(20);
    expect(r.outputSimple.b).toBe(3.6);
    expect(r.discarded).toEqual(['t']);
    expect(r.valid).toBe(false);
    expect(r.history).toEqual([{ field: 'b', value: 3.6 }]);
    expect(processUplink(it0, { t: 85 }, new Date(t0), {}).outputSimple.t).toBe(85);
  });

  it('spike filter default ±100000', () => {
    const it0 = item({ t: pref('t') });
    expect(processUplink(it0, { t: 100000 }, new Date(t0), {}).valid).toBe(true);
    expect(processUplink(it0, { t: 100001 }, new Date(t0), {}).valid).toBe(false);
    expect(processUplink(it0, { t: -100001 }, new Date(t0), {}).valid).toBe(false);
  });

  it('an unparseable analog value is discarded', () => {
    const r = processUplink(item({ t: pref('t') }, { outputSimple: { t: 1 } }), { t: 'n/a' }, new Date(t0), {});
    expect(r.outputSimple.t).toBe(1);
    expect(r.valid).toBe(false);
  });

  it('spike filter applies to the input, before simple convert', () => {
    const p = pref('level', {
      filter: { min: 0, max: 100 },
      simpleConvertEnabled: true,
      simpleConvert: { inputRangeMin: 0, inputRangeMax: 100, inputResolution: 255, outputRangeMin: 0, outputRangeMax: 255 },
    });
    const it0 = item({ level: p });
    expect(processUplink(it0, { level: 40 }, new Date(t0), {}).outputSimple.level).toBe(102);
    expect(processUplink(it0, { level: 101 }, new Date(t0), {}).valid).toBe(false);
  });

  it('accumulative adds each value to the previous total', () => {
    const d = new Device(item({ kwh: pref('kwh', { accumulative: true }) }, { outputSimple: { kwh: 100 } }));
    d.send({ kwh: 1.5 }, t0);
    expect(d.item.outputSimple.kwh).toBe(101.5);
    d.send({ kwh: 2 }, t0 + 1000);
    expect(d.item.outputSimple.kwh).toBe(103.5);
    d.send({ kwh: 200000 }, t0 + 2000); // a spike is not added
    expect(d.item.outputSimple.kwh).toBe(103.5);
  });

  it('a field without preference is processed with a signal inferred from its value', () => {
    const r = processUplink(item({}), { t: 3, on: true, mode: 'auto', cfg: { a: 1 } }, new Date(t0), {});
    expect(r.outputSimple).toMatchObject({ t: 3, on: 1, mode: 'auto', cfg: { a: 1 } });
    expect(r.history).toEqual([
      { field: 't', value: 3 },
      { field: 'on', value: 1 },
      { field: 'mode', textValue: 'auto' },
      { field: 'cfg', textValue: '{"a":1}' },
    ]);
  });

  it('keeps output keys the uplink does not mention', () => {
    const r = processUplink(item({}, { outputSimple: { other: 5 } }), { t: 1 }, new Date(t0), {});
    expect(r.outputSimple).toEqual({ other: 5, t: 1 });
  });

  it('an empty uplink is not valid; Display Only fields get no history', () => {
    expect(processUplink(item({}), {}, new Date(t0), {}).valid).toBe(false);
    expect(processUplink(item({ t: pref('t', { storage: 'display' }) }), { t: 1 }, new Date(t0), {}).history).toEqual([]);
  });
});

describe('digital, string and json', () => {
  it('digital Normal and Invert', () => {
    expect(processUplink(item({ d: pref('d', { signal: 'digital' }) }), { d: true }, new Date(t0), {}).outputSimple.d).toBe(1);
    const inv = item({ d: pref('d', { signal: 'digital', logic: 'Invert' }) });
    expect(processUplink(inv, { d: 1 }, new Date(t0), {}).outputSimple.d).toBe(0);
    expect(processUplink(inv, { d: false }, new Date(t0), {}).outputSimple.d).toBe(1);
    expect(processUplink(inv, { d: 'bogus' }, new Date(t0), {}).valid).toBe(false);
  });

  it('invert happens before range matching', () => {
    const p = pref('d', {
      signal: 'digital',
      logic: 'Invert',
      rangeSettings: {
        ...noBounds,
        ranges: [range('closed', 'green', 0, 0, { value: 0 }), range('open', 'red', 0, 0, { value: 1 })],
      },
    });
    const r = processUplink(item({ d: p }), { d: 0 }, new Date(t0), {});
    expect(r.status.fieldStatus.d).toEqual({ status: 'open', color: 'red' });
  });

  it('string and json values', () => {
    const r = processUplink(
      item({ s: pref('s', { signal: 'string' }), j: pref('j', { signal: 'json' }) }),
      { s: 42, j: { x: [1, 2] } },
      new Date(t0),
      {},
    );
    expect(r.outputSimple).toEqual({ s: '42', j: { x: [1, 2] } });
    expect(processUplink(item({ s: pref('s', { signal: 'string' }) }), { s: null }, new Date(t0), {}).valid).toBe(false);
  });
});

describe('debounce in the pipeline', () => {
  const debounced = (patch: Partial<ReturnType<typeof defaultDebounce>>) =>
    pref('t', { debounce: { ...defaultDebounce(), enable: true, ...patch } });

  it('keeps the un-debounced value in <key>_raw', () => {
    const d = new Device(item({ t: debounced({ number: 2, unit: 'samples', type: 'avg' }) }));
    d.send({ t: 10 }, t0);
    d.send({ t: 20 }, t0 + 1);
    expect(d.item.outputSimple).toEqual({ t: 15, t_raw: 20 });
    expect(d.last.history).toEqual([{ field: 't', value: 15 }]);
    d.send({ t: 40 }, t0 + 2);
    expect(d.item.outputSimple).toEqual({ t: 30, t_raw: 40 });
  });

  it('by seconds', () => {
    const d = new Device(item({ t: debounced({ number: 10, unit: 's', type: 'max' }) }));
    d.send({ t: 50 }, t0);
    d.send({ t: 10 }, t0 + 5000);
    expect(d.item.outputSimple.t).toBe(50);
    d.send({ t: 20 }, t0 + 10_001);
    expect(d.item.outputSimple.t).toBe(20);
  });

  it('waitUntilStable: the field keeps its value while waiting (no history), then updates', () => {
    const d = new Device(
      item(
        { t: debounced({ number: 3, unit: 'samples', type: 'last', waitUntilStable: true, maxDeviation: 0.5 }) },
        { outputSimple: { t: 1 } },
      ),
    );
    d.send({ t: 5 }, t0);
    expect(d.item.outputSimple).toEqual({ t: 1, t_raw: 5 });
    expect(d.last.history).toEqual([]);
    expect(d.last.valid).toBe(true);
    d.send({ t: 5.2 }, t0 + 1);
    d.send({ t: 5.1 }, t0 + 2);
    expect(d.item.outputSimple).toEqual({ t: 5.1, t_raw: 5.1 });
  });

  it('waitUntilStable by seconds completes on tick', () => {
    const d = new Device(item({ t: debounced({ number: 5, unit: 's', type: 'avg', waitUntilStable: true, maxDeviation: 1 }) }));
    d.send({ t: 10 }, t0);
    d.send({ t: 10.5 }, t0 + 2000);
    expect(d.item.outputSimple.t).toBeUndefined();
    expect(d.runtime.dueAt).toBe(t0 + 5000);
    d.tick(t0 + 4000);
    expect(d.last.valid).toBe(false);
    d.tick(t0 + 5000);
    expect(d.last.valid).toBe(true);
    expect(d.item.outputSimple.t).toBe(10.25);
    expect(d.runtime.dueAt).toBeUndefined();
  });

  it('skipDebounceWhenResume: leaving an event range for a range without event bypasses the debounce', () => {
    const p = pref('t', {
      debounce: {
        ...defaultDebounce(),
        enable: true,
        number: 3,
        unit: 'samples',
        type: 'last',
        waitUntilStable: true,
        maxDeviation: 0,
        skipDebounceWhenResume: true,
      },
      rangeSettings: { ...noBounds, ranges: [range('ok', 'green', 0, 50), eventRange('hot', 'red', 50, 100, true)] },
    });
    const d = new Device(item({ t: p }));
    for (let i = 0; i < 3; i++) d.send({ t: 60 }, t0 + i);
    expect(d.item.status?.fieldStatus?.t?.status).toBe('hot');
    d.send({ t: 20 }, t0 + 10); // resume: no waiting
    expect(d.item.outputSimple.t).toBe(20);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['resume', 'clear']);
    d.send({ t: 70 }, t0 + 11); // entering an event range is still debounced
    expect(d.item.outputSimple.t).toBe(20);
  });

  it('without skipDebounceWhenResume the resume waits for the debounce', () => {
    const p = pref('t', {
      debounce: {
        ...defaultDebounce(),
        enable: true,
        number: 2,
        unit: 'samples',
        type: 'last',
        waitUntilStable: true,
        maxDeviation: 0,
      },
      rangeSettings: { ...noBounds, ranges: [range('ok', 'green', 0, 50), eventRange('hot', 'red', 50, 100, true)] },
    });
    const d = new Device(item({ t: p }));
    d.send({ t: 60 }, t0);
    d.send({ t: 60 }, t0 + 1);
    d.send({ t: 20 }, t0 + 2);
    expect(d.item.outputSimple.t).toBe(60);
    d.send({ t: 20 }, t0 + 3);
    expect(d.item.outputSimple.t).toBe(20);
  });
});

describe('auto reset', () => {
  it('digital: resets to resetValue resetDelaySecond after the last non-reset value', () => {
    const p = pref('door', { signal: 'digital', resetSetting: { enable: true, resetValue: 0, resetDelaySecond: 5 } });
    const d = new Device(item({ door: p }));
    d.send({ door: 1 }, t0);
    expect(d.runtime.dueAt).toBe(t0 + 5000);
    d.send({ door: 1 }, t0 + 3000); // restarts the delay
    expect(d.runtime.dueAt).toBe(t0 + 8000);
    d.tick(t0 + 7999);
    expect(d.item.outputSimple.door).toBe(1);
    expect(d.last.valid).toBe(false);
    d.tick(t0 + 8000);
    expect(d.item.outputSimple.door).toBe(0);
    expect(d.last.history).toEqual([{ field: 'door', value: 0 }]);
    expect(d.runtime.dueAt).toBeUndefined();
  });

  it('digital: a value equal to the reset value cancels the pending reset', () => {
    const p = pref('door', { signal: 'digital', resetSetting: { enable: true, resetValue: 0, resetDelaySecond: 5 } });
    const d = new Device(item({ door: p }));
    d.send({ door: 1 }, t0);
    d.send({ door: 0 }, t0 + 1000);
    expect(d.runtime.dueAt).toBeUndefined();
  });

  it('does nothing when disabled', () => {
    const d = new Device(item({ door: pref('door', { signal: 'digital' }) }));
    d.send({ door: 1 }, t0);
    d.tick(t0 + 60_000);
    expect(d.item.outputSimple.door).toBe(1);
  });

  it('string: resets only when the value is at the base value', () => {
    const p = pref('state', {
      signal: 'string',
      resetSetting: { enable: true, resetValue: 'idle', baseValue: 'alarm', resetDelaySecond: 2 },
    });
    const d = new Device(item({ state: p }));
    d.send({ state: 'running' }, t0);
    expect(d.runtime.dueAt).toBeUndefined();
    d.tick(t0 + 10_000);
    expect(d.item.outputSimple.state).toBe('running');
    d.send({ state: 'alarm' }, t0 + 20_000);
    d.tick(t0 + 22_000);
    expect(d.item.outputSimple.state).toBe('idle');
  });

  it('the reset re-evaluates ranges and resumes events', () => {
    const p = pref('door', {
      signal: 'digital',
      resetSetting: { enable: true, resetValue: 0, resetDelaySecond: 5 },
      rangeSettings: {
        ...noBounds,
        ranges: [range('closed', 'green', 0, 0, { value: 0 }), { ...eventRange('open', 'red', 0, 0, true), value: 1 }],
      },
    });
    const d = new Device(item({ door: p }));
    d.send({ door: 1 }, t0);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['create']);
    d.tick(t0 + 5000);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['resume', 'clear']);
    expect(d.item.status?.fieldStatus?.door).toEqual({ status: 'closed', color: 'green' });
  });
});

describe('override', () => {
  it('the override value is shown and evaluated; the real value is kept in <key>_raw', () => {
    const p = pref('t', {
      overrideValueEnabled: true,
      overrideValue: '99',
      rangeSettings: { ...noBounds, ranges: [range('ok', 'green', 0, 50), eventRange('hot', 'red', 50, 100)] },
    });
    const r = processUplink(item({ t: p }), { t: 20 }, new Date(t0), {});
    expect(r.outputSimple).toEqual({ t: 99, t_raw: 20 });
    expect(r.status.fieldStatus.t?.status).toBe('hot');
    expect(r.eventChanges[0]).toMatchObject({ kind: 'create', value: '99.00' });
    expect(r.history).toEqual([{ field: 't', value: 20 }]);
  });

  it('turning the override off (reevaluate) shows the real value again', () => {
    const on = pref('t', { overrideValueEnabled: true, overrideValue: 5 });
    const d = new Device(item({ t: on }));
    d.send({ t: 20 }, t0);
    expect(d.item.outputSimple.t).toBe(5);
    const off = { ...on, overrideValueEnabled: false };
    const r = reevaluate({ ...d.item, input: { t: off } }, new Date(t0 + 1000), d.runtime);
    expect(r.outputSimple).toEqual({ t: 20 });
    expect(r.valid).toBe(true);
  });

  it('with debounce, <key>_raw holds the un-debounced value from the first overridden uplink on', () => {
    const p = pref('t', {
      overrideValueEnabled: true,
      overrideValue: 0,
      debounce: { ...defaultDebounce(), enable: true, number: 2, unit: 'samples', type: 'avg' },
    });
    const d = new Device(item({ t: p }));
    d.send({ t: 10 }, t0);
    d.send({ t: 20 }, t0 + 1);
    expect(d.item.outputSimple).toEqual({ t: 0, t_raw: 20 });
    expect(d.last.history).toEqual([{ field: 't', value: 15 }]);
    const r = reevaluate({ ...d.item, input: { t: { ...p, overrideValueEnabled: false } } }, new Date(t0 + 2), d.runtime);
    expect(r.outputSimple).toEqual({ t: 15, t_raw: 20 });
  });

  it('turning the override on (reevaluate) applies it at once', () => {
    const d = new Device(item({ t: pref('t') }));
    d.send({ t: 20 }, t0);
    const r = reevaluate(
      { ...d.item, input: { t: pref('t', { overrideValueEnabled: true, overrideValue: 1 }) } },
      new Date(t0),
      d.runtime,
    );
    expect(r.outputSimple).toEqual({ t: 1, t_raw: 20 });
  });

  it('digital override with invert: the override is taken as the shown value', () => {
    const p = pref('d', { signal: 'digital', logic: 'Invert', overrideValueEnabled: true, overrideValue: 1 });
    expect(processUplink(item({ d: p }), { d: 1 }, new Date(t0), {}).outputSimple).toEqual({ d: 1, d_raw: 0 });
  });
});

describe('status and severity', () => {
  const temp = pref('t', {
    rangeSettings: {
      belowMinimum: { minNumber: -10 },
      aboveMaximum: { maxNumber: 60 },
      ranges: [range('ok', 'green', -10, 25), range('warm', 'yellow', 25, 35), range('hot', 'red', 35, 60)],
    },
  });
  const hum = pref('h', {
    rangeSettings: { ...noBounds, ranges: [range('dry', 'orange', 0, 30), range('fine', 'green', 30, 100)] },
  });

  it('fieldStatus per field and item severity = the highest field severity', () => {
    const r = processUplink(item({ t: temp, h: hum }), { t: 30, h: 20 }, new Date(t0), {});
    expect(r.status.fieldStatus).toEqual({ t: { status: 'warm', color: 'yellow' }, h: { status: 'dry', color: 'orange' } });
    expect(r.status.severity).toBe(2);
  });

  it('keeps the status of fields not in the uplink', () => {
    const d = new Device(item({ t: temp, h: hum }));
    d.send({ t: 40 }, t0);
    d.send({ h: 50 }, t0 + 1);
    expect(d.item.status?.severity).toBe(4);
    expect(d.item.status?.fieldStatus).toEqual({ t: { status: 'hot', color: 'red' }, h: { status: 'fine', color: 'green' } });
  });

  it('below minimum and above maximum have no colour (severity 0)', () => {
    const r = processUplink(item({ t: temp }), { t: 61 }, new Date(t0), {});
    expect(r.status.fieldStatus.t).toEqual({ status: 'Above Maximum', color: 'N/A' });
    expect(r.status.severity).toBe(0);
  });

  it('a value in no range removes the field status', () => {
    const d = new Device(item({ h: hum }));
    d.send({ h: 50 }, t0);
    d.send({ h: 150 }, t0 + 1);
    expect(d.item.status?.fieldStatus).toEqual({});
    expect(d.last.changedFields).toEqual(['h']);
  });
});

describe('events', () => {
  const p = pref('t', {
    displayName: 'Temperature',
    unit: '°C',
    decimalPlace: 1,
    rangeSettings: {
      ...noBounds,
      ranges: [range('ok', 'green', 0, 30), eventRange('warm', 'orange', 30, 40, false), eventRange('hot', 'red', 40, 100, true)],
    },
  });

  it('entering a range with an enabled event creates it with the Event fields', () => {
    const r = processUplink(item({ t: p }), { t: 45.26 }, new Date(t0), {});
    expect(r.eventChanges).toEqual([
      {
        kind: 'create',
        field: 't',
        rangeIndex: 2,
        rangeName: 'hot',
        severity: 4,
        description: 'Sensor 1 Temperature: hot (45.3 °C)',
        eventType: 'hot-event',
        generatedAt: new Date(t0),
        location: 'Floor 3',
        node: {
          itemDisplayName: 'Sensor 1',
          itemName: 'sensor-1',
          signal: 'analog',
          value: '45.3',
          unit: '°C',
          rangeStatus: 'hot',
          displayName: 'Temperature',
        },
        value: '45.3',
        unit: '°C',
        rangeStatus: 'hot',
        actions: {},
      },
    ]);
    expect(r.status.eventSeverity).toBe(4);
    expect(r.openEvents).toEqual([{ field: 't', rangeIndex: 2, severity: 4, resumeStatus: null }]);
  });

  it('copies the range’s notification, webhook and task settings into the created event', () => {
    const notificationSetting = {
      smsEnabled: true,
      smsTemplate: '{{itemName}} is hot',
      whatsappEnabled: false,
      emailEnabled: false,
      emailTemplate: '',
      voiceEnabled: false,
      voiceTemplate: '',
      departments: ['ops'],
    };
    const webhookSetting = { enable: true, method: 'POST' as const, url: 'https://example.com/hook', headers: '', body: '' };
    const task = {
      taskCreated: { enable: true, device: 'fan-1', commandId: 'on' },
      taskAcked: { enable: false, device: '', commandId: '' },
      taskCleared: { enable: false, device: '', commandId: '' },
    };
    const hot = eventRange('hot', 'red', 40, 100, true);
    const withActions = pref('t', {
      rangeSettings: {
        ...noBounds,
        ranges: [
          range('ok', 'green', 0, 40),
          { ...hot, eventSetting: { ...hot.eventSetting, task }, notificationSetting, webhookSetting },
        ],
      },
    });
    const r = processUplink(item({ t: withActions }), { t: 45 }, new Date(t0), {});
    expect(r.eventChanges).toEqual([
      expect.objectContaining({ kind: 'create', actions: { notification: notificationSetting, webhook: webhookSetting, task } }),
    ]);
  });

  it('staying in the range creates no duplicate', () => {
    const d = new Device(item({ t: p }));
    d.send({ t: 45 }, t0);
    d.send({ t: 50 }, t0 + 1);
    expect(d.last.eventChanges).toEqual([]);
    expect(d.item.openEvents).toHaveLength(1);
  });

  it('leaving resumes with the new range name and auto clears when allowed', () => {
    const d = new Device(item({ t: p }));
    d.send({ t: 45 }, t0);
    d.send({ t: 35 }, t0 + 1);
    expect(d.last.eventChanges).toEqual([
      { kind: 'resume', field: 't', rangeIndex: 2, resumeStatus: 'warm', at: new Date(t0 + 1), value: '35.0' },
      { kind: 'clear', field: 't', rangeIndex: 2, at: new Date(t0 + 1) },
      expect.objectContaining({ kind: 'create', rangeIndex: 1, severity: 2 }),
    ]);
    expect(d.item.status?.eventSeverity).toBe(2);
  });

  it('without auto clear the event stays open (resumed) and is not created twice on re-entry', () => {
    const d = new Device(item({ t: p }));
    d.send({ t: 35 }, t0);
    d.send({ t: 10 }, t0 + 1);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['resume']);
    expect(d.item.status?.eventSeverity).toBe(2); // still open
    d.send({ t: 36 }, t0 + 2);
    expect(d.last.eventChanges).toEqual([{ kind: 'reopen', field: 't', rangeIndex: 1, at: new Date(t0 + 2), value: '36.0' }]);
    expect(d.item.openEvents).toHaveLength(1);
    d.send({ t: 20 }, t0 + 3);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['resume']);
  });

  it('an event cleared by a user (no longer open) is created again on the next entry', () => {
    const d = new Device(item({ t: p }));
    d.send({ t: 45 }, t0);
    d.item = { ...d.item, openEvents: [] };
    d.send({ t: 20 }, t0 + 1);
    expect(d.last.eventChanges).toEqual([]);
    d.send({ t: 45 }, t0 + 2);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['create']);
  });

  it('a range whose event is disabled raises nothing; eventSeverity is the max over open events', () => {
    const d = new Device(item({ t: p }, { openEvents: [{ field: 'x', rangeIndex: 0, severity: 3 }] }));
    d.send({ t: 10 }, t0);
    expect(d.last.eventChanges).toEqual([]);
    expect(d.item.status?.eventSeverity).toBe(3);
  });

  it('a discarded value does not move the field out of its range', () => {
    const d = new Device(item({ t: p }));
    d.send({ t: 45 }, t0);
    d.send({ t: 1e9 }, t0 + 1);
    expect(d.last.eventChanges).toEqual([]);
    expect(d.item.status?.fieldStatus?.t?.status).toBe('hot');
  });

  it('digital: events by value', () => {
    const door = pref('door', {
      signal: 'digital',
      rangeSettings: {
        ...noBounds,
        ranges: [range('closed', 'green', 0, 0, { value: 0 }), { ...eventRange('open', 'purple', 0, 0, true), value: 1 }],
      },
    });
    const d = new Device(item({ door }));
    d.send({ door: 0 }, t0);
    d.send({ door: 1 }, t0 + 1);
    expect(d.last.eventChanges).toEqual([
      expect.objectContaining({ kind: 'create', severity: 3, value: '1', rangeStatus: 'open' }),
    ]);
    d.send({ door: 0 }, t0 + 2);
    expect(d.last.eventChanges.map((c) => c.kind)).toEqual(['resume', 'clear']);
    expect(d.item.status?.eventSeverity).toBe(0);
  });

  it('changing ranges (reevaluate) applies the new range without a reading', () => {
    const d = new Device(item({ t: pref('t', { rangeSettings: { ...noBounds, ranges: [range('ok', 'green', 0, 100)] } }) }));
    d.send({ t: 45 }, t0);
    const r = reevaluate({ ...d.item, input: { t: p } }, new Date(t0 + 5), d.runtime);
    expect(r.status.fieldStatus.t?.status).toBe('hot');
    expect(r.eventChanges.map((c) => c.kind)).toEqual(['create']);
  });
});
