import { describe, expect, it } from 'vitest';
import { numericValue, resumes, triggers, watches } from './conditions';
import { inTimeSlots } from './time-slots';
import { defaultTimeSlot } from './defaults';

const hot = { triggerRanges: [{ min: 30, max: null }], resumeRanges: [{ min: null, max: 20 }], resumeOnAny: true, hysteresis: 2 };

describe('rule conditions', () => {
  it('triggers in any trigger range, bounds included', () => {
    expect(triggers(hot, 30)).toBe(true);
    expect(triggers(hot, 29.9)).toBe(false);
    expect(
      triggers(
        {
          triggerRanges: [
            { min: null, max: 0 },
            { min: 10, max: 12 },
          ],
        },
        11,
      ),
    ).toBe(true);
  });

  it('resumes only beyond the hysteresis, and in a resume range unless resume on any', () => {
    expect(resumes(hot, 29)).toBe(false);
    expect(resumes(hot, 28)).toBe(true);
    expect(resumes({ ...hot, resumeOnAny: false }, 25)).toBe(false);
    expect(resumes({ ...hot, resumeOnAny: false }, 20)).toBe(true);
    expect(resumes({ ...hot, hysteresis: 0 }, 29.99)).toBe(true);
  });

  it('reads numbers, numeric text and booleans', () => {
    expect([numericValue(3), numericValue('4.5'), numericValue(true), numericValue('on'), numericValue(null)]).toEqual([
      3,
      4.5,
      1,
      null,
      null,
    ]);
  });

  it('watches all devices, or those matching every chosen selector', () => {
    const fridge = { itemName: 'fridge-1', deviceType: 'thermometer', tags: ['kitchen'] };
    const none = { allDevices: false, deviceTypes: [], tags: [], devices: [] };
    expect(watches({ ...none, allDevices: true }, fridge)).toBe(true);
    expect(watches(none, fridge)).toBe(false);
    expect(watches({ ...none, deviceTypes: ['thermometer'], tags: ['kitchen'] }, fridge)).toBe(true);
    expect(watches({ ...none, deviceTypes: ['thermometer'], tags: ['plant'] }, fridge)).toBe(false);
    expect(watches({ ...none, devices: ['fridge-1'] }, fridge)).toBe(true);
  });
});

describe('time slots', () => {
  // Wednesday 25 November 2026, 10:30:00 in Hong Kong.
  const at = new Date('2026-11-25T02:30:00Z');
  const zone = 'Asia/Hong_Kong';

  it('always applies without slots', () => {
    expect(inTimeSlots([], at, zone)).toBe(true);
  });

  it('checks dates, weekdays and times in the time zone', () => {
    const slot = { ...defaultTimeSlot(), allDay: false, startTime: '09:00:00', endTime: '18:00:00' };
    expect(inTimeSlots([slot], at, zone)).toBe(true);
    expect(inTimeSlots([slot], at, 'UTC')).toBe(false);
    expect(inTimeSlots([{ ...slot, weekdays: [true, false, false, false, false, false, true] }], at, zone)).toBe(false);
    expect(inTimeSlots([{ ...slot, always: false, beginOn: '2026-12-01', until: null }], at, zone)).toBe(false);
    expect(inTimeSlots([{ ...slot, always: false, beginOn: '2026-11-25', until: '2026-11-25' }], at, zone)).toBe(true);
    // A slot running over midnight.
    expect(inTimeSlots([{ ...slot, startTime: '22:00:00', endTime: '11:00:00' }], at, zone)).toBe(true);
  });
});
