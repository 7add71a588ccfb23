import { describe, expect, it } from 'vitest';
import { defaultFieldPreference } from './field-preference';
import { childFieldOf, computeNodeData, computeNodeDataFields, hasNodeData } from './node-data';

const children = [
  { outputSimple: { temperature: 20, door: 1 } },
  { outputSimple: { temperature: '26', door: 0 } },
  { outputSimple: { temperature: 23, door: null } },
  { outputSimple: { humidity: 40 } },
  { outputSimple: { temperature: 99 }, enable: false },
];

describe('node data', () => {
  it('reads the child field of an expression', () => {
    expect(childFieldOf('children.temperature')).toBe('temperature');
    expect(childFieldOf(' humidity ')).toBe('humidity');
    expect(childFieldOf('children.')).toBeNull();
  });

  it('computes Average, Median, Min, Max and Count over the enabled children', () => {
    const of = (source: 'average' | 'median' | 'min' | 'max' | 'count') =>
      computeNodeData({ source, expression: 'children.temperature' }, children);
    expect(of('average')).toBe(23);
    expect(of('median')).toBe(23);
    expect(of('min')).toBe(20);
    expect(of('max')).toBe(26);
    expect(of('count')).toBe(3);
    expect(computeNodeData({ source: 'median', expression: 'children.door' }, children)).toBe(0.5);
    expect(computeNodeData({ source: 'count', expression: 'children.door' }, children)).toBe(2);
  });

  it('gives null (Count 0) when no child has the field', () => {
    expect(computeNodeData({ source: 'average', expression: 'children.pressure' }, children)).toBeNull();
    expect(computeNodeData({ source: 'count', expression: 'children.pressure' }, children)).toBe(0);
    expect(computeNodeData({ source: 'max', expression: 'children.temperature' }, [])).toBeNull();
  });

  it('takes a custom field as its value, a number when it reads as one', () => {
    expect(computeNodeData({ source: 'custom', expression: '42.5' }, [])).toBe(42.5);
    expect(computeNodeData({ source: 'custom', expression: 'Block A' }, [])).toBe('Block A');
  });

  it('computes every node-data field of a node and leaves the other fields out', () => {
    const input = {
      avg: { ...defaultFieldPreference('avg'), nodeData: { source: 'average' as const, expression: 'children.temperature' } },
      plain: defaultFieldPreference('plain'),
    };
    expect(hasNodeData(input)).toBe(true);
    expect(hasNodeData({ plain: defaultFieldPreference('plain') })).toBe(false);
    expect(computeNodeDataFields(input, children)).toEqual({ avg: 23 });
  });
});
