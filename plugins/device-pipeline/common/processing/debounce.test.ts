import { describe, expect, it } from 'vitest';
import { defaultDebounce, type DebounceSetting } from '@sensorium/nodes/common';
import { aggregate, debounceActive, debounceSample, debounceTick } from './debounce';
import type { FieldRuntime } from './types';

function run(d: Partial<DebounceSetting>, samples: [number, number][], digital = false): (number | undefined)[] {
  let state: FieldRuntime = {};
  return samples.map(([at, v]) => {
    const step = debounceSample(d, state, v, at, digital);
    state = step.state;
    return step.output;
  });
}

describe('aggregate', () => {
  it('computes avg, min, max, median and last', () => {
    const v = [3, 1, 4, 1, 5];
    expect(aggregate('avg', v)).toBeCloseTo(2.8);
    expect(aggregate('min', v)).toBe(1);
    expect(aggregate('max', v)).toBe(5);
    expect(aggregate('median', v)).toBe(3);
    expect(aggregate('median', [1, 2, 3, 10])).toBe(2.5);
    expect(aggregate('last', v)).toBe(5);
  });
});

describe('debounce', () => {
  it('is inactive when disabled, with 0 or with one sample', () => {
    expect(debounceActive(defaultDebounce())).toBe(false);
    expect(debounceActive({ ...defaultDebounce(), enable: true, number: 0 })).toBe(false);
    expect(debounceActive({ ...defaultDebounce(), enable: true, number: 1, unit: 'samples' })).toBe(false);
    expect(debounceActive({ ...defaultDebounce(), enable: true, number: 1, unit: 's' })).toBe(true);
  });

  it('by samples: aggregates the last N samples (fewer at the start)', () => {
    const d = { ...defaultDebounce(), enable: true, number: 3, unit: 'samples' as const, type: 'avg' as const };
    expect(
      run(d, [
        [0, 3],
        [1, 6],
        [2, 9],
        [3, 30],
      ]),
    ).toEqual([3, 4.5, 6, 15]);
    expect(
      run({ ...d, type: 'max' }, [
        [0, 3],
        [1, 6],
        [2, 9],
        [3, 1],
        [4, 1],
        [5, 1],
      ]),
    ).toEqual([3, 6, 9, 9, 9, 1]);
  });

  it('by seconds: aggregates the samples of the last N seconds', () => {
    const d = { ...defaultDebounce(), enable: true, number: 10, unit: 's' as const, type: 'min' as const };
    // samples at 0 s, 5 s, 10 s (0 s still in the window: at ≥ now − 10 s), 10.001 s (0 s dropped)
    expect(
      run(d, [
        [0, 1],
        [5000, 5],
        [10_000, 7],
        [10_001, 8],
      ]),
    ).toEqual([1, 1, 1, 5]);
  });

  it('by seconds: a lone old sample is kept as the value in force', () => {
    const d = { ...defaultDebounce(), enable: true, number: 2, unit: 's' as const, type: 'avg' as const };
    expect(
      run(d, [
        [0, 10],
        [60_000, 20],
      ]),
    ).toEqual([10, 20]);
  });

  it('waitUntilStable by samples: holds until N samples stayed within maxDeviation', () => {
    const d = {
      ...defaultDebounce(),
      enable: true,
      number: 3,
      unit: 'samples' as const,
      type: 'avg' as const,
      waitUntilStable: true,
      maxDeviation: 1,
    };
    expect(
      run(d, [
        [0, 10],
        [1, 10.5],
        [2, 11],
        [3, 20],
        [4, 20],
        [5, 20.5],
      ]),
    ).toEqual([undefined, undefined, 10.5, undefined, undefined, 20.5 / 3 + 40 / 3]);
  });

  it('waitUntilStable by seconds: emits once the value stayed within maxDeviation for N seconds (tick without a new sample)', () => {
    const d = {
      ...defaultDebounce(),
      enable: true,
      number: 5,
      unit: 's' as const,
      type: 'last' as const,
      waitUntilStable: true,
      maxDeviation: 0,
    };
    let state: FieldRuntime = {};
    let step = debounceSample(d, state, 1, 0, true);
    expect(step.output).toBeUndefined();
    state = step.state;
    expect(debounceTick(d, state, 4999, true)).toBeNull();
    const ticked = debounceTick(d, state, 5000, true);
    expect(ticked?.output).toBe(1);
    state = ticked!.state;
    expect(debounceTick(d, state, 6000, true)).toBeNull(); // emitted once
    step = debounceSample(d, state, 1, 7000, true);
    expect(step.output).toBe(1); // same run, still stable
    step = debounceSample(d, step.state, 0, 8000, true);
    expect(step.output).toBeUndefined(); // new run
  });

  it('digital: avg and median are rounded to 0 or 1', () => {
    const d = { ...defaultDebounce(), enable: true, number: 3, unit: 'samples' as const, type: 'avg' as const };
    expect(
      run(
        d,
        [
          [0, 1],
          [1, 0],
          [2, 0],
          [3, 1],
          [4, 1],
        ],
        true,
      ),
    ).toEqual([1, 1, 0, 0, 1]);
  });
});
