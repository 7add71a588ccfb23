import { describe, expect, it } from 'vitest';
import { defaultFieldPreference, defaultFirstRange, MAX_RANGES, nextRange } from './field-preference';
import { validateFieldPreference, validateWebhook } from './preference-validation';

const codes = (preference: unknown) => validateFieldPreference(preference).map((problem) => [problem.field, problem.code]);

describe('field preference validation', () => {
  it('accepts the defaults, a partial preference and 16 ranges', () => {
    expect(codes(defaultFieldPreference('t'))).toEqual([]);
    expect(codes({ unit: '°C' })).toEqual([]);
    const ranges = [defaultFirstRange()];
    while (ranges.length < MAX_RANGES) ranges.push(nextRange(ranges)!);
    expect(codes({ rangeSettings: { ranges } })).toEqual([]);
  });

  it('refuses a 17th range, unknown colours and non-numbers, naming the path', () => {
    const ranges = Array.from({ length: 17 }, () => defaultFirstRange());
    expect(codes({ rangeSettings: { ranges } })).toEqual([['rangeSettings.ranges', 'nodes.validation.tooManyRanges']]);
    expect(codes({ rangeSettings: { ranges: [{ ...defaultFirstRange(), color: 'blue', startNum: '1' }] } })).toEqual([
      ['rangeSettings.ranges.0.startNum', 'nodes.validation.number'],
      ['rangeSettings.ranges.0.color', 'nodes.validation.color'],
    ]);
    expect(codes({ rangeSettings: { ranges: [{ ...defaultFirstRange(), color: 'N/A' }] } })).toEqual([]);
    expect(codes({ rangeSettings: { belowMinimum: { minNumber: 'low' }, aboveMaximum: { maxNumber: null } } })).toEqual([
      ['rangeSettings.belowMinimum.minNumber', 'nodes.validation.number'],
    ]);
  });

  it('refuses a range that starts above its end, text that is no number and names over 50 characters', () => {
    const range = (change: object) => ({ rangeSettings: { ranges: [{ ...defaultFirstRange(), ...change }] } });
    expect(codes(range({ startNum: 120, endNum: 100 }))).toEqual([
      ['rangeSettings.ranges.0.endNum', 'nodes.validation.rangeOrder'],
    ]);
    expect(codes(range({ startNum: 100, endNum: 100 }))).toEqual([]);
    expect(codes({ signal: 'digital', ...range({ startNum: 120, endNum: 100 }) })).toEqual([]);
    expect(codes(range({ startNum: NaN }))).toEqual([['rangeSettings.ranges.0.startNum', 'nodes.validation.number']]);
    expect(validateFieldPreference(range({ name: 'x'.repeat(300) }))).toEqual([
      { field: 'rangeSettings.ranges.0.name', code: 'nodes.validation.maxLength', params: { max: 50 } },
    ]);
    expect(codes(range({ name: 'x'.repeat(50) }))).toEqual([]);
    expect(codes({ filter: { min: NaN, max: 100 } })).toEqual([['filter.min', 'nodes.validation.number']]);
    expect(codes({ filter: { min: -100000, max: 100000 } })).toEqual([]);
  });

  it('checks signal, debounce, spike filter, decimals and node data choices', () => {
    expect(codes({ signal: 'video' })).toEqual([['signal', 'nodes.validation.signal']]);
    expect(codes({ debounce: { unit: 'minutes', type: 'mode', number: -1 } })).toEqual([
      ['debounce.number', 'nodes.validation.min'],
      ['debounce.unit', 'nodes.validation.debounceUnit'],
      ['debounce.type', 'nodes.validation.debounceType'],
    ]);
    expect(codes({ filter: { min: 10, max: 5 } })).toEqual([['filter.max', 'nodes.validation.filterOrder']]);
    expect(codes({ decimalPlace: 1.5 })).toEqual([['decimalPlace', 'nodes.validation.integer']]);
    expect(codes({ nodeData: { source: 'sum', expression: 'children.x' } })).toEqual([
      ['nodeData.source', 'nodes.validation.nodeDataSource'],
    ]);
    expect(codes('text')).toEqual([['', 'validation.isObject']]);
  });

  it('checks webhooks: method, http(s) URL and JSON headers and body', () => {
    const valid = { enable: true, method: 'POST', url: 'http://example.com/hook', headers: '{"a":"b"}', body: '' };
    expect(validateWebhook(valid)).toEqual([]);
    expect(validateWebhook({ ...valid, method: '', url: '' }).map((problem) => problem.code)).toEqual([
      'nodes.validation.webhookMethodRequired',
      'nodes.validation.webhookUrlRequired',
    ]);
    expect(validateWebhook({ ...valid, url: 'example.com', body: '{' }).map((problem) => problem.code)).toEqual([
      'nodes.validation.webhookUrl',
      'nodes.validation.json',
    ]);
  });
});
