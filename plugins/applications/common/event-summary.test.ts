import { describe, expect, it } from 'vitest';
import { summariseEvents } from './event-summary';

describe('summariseEvents', () => {
  it('sums the counts and takes the highest severity of one application', () => {
    const rows = [
      { appId: 'plant', count: '3', severity: 1 },
      { appId: 'plant', count: '2', severity: 4 },
      { appId: 'office', count: '9', severity: 2 },
    ];
    expect(summariseEvents(rows, 'plant')).toEqual({ count: 5, severity: 4 });
  });

  it('gives zero and severity 0 for an application without events', () => {
    expect(summariseEvents([], 'plant')).toEqual({ count: 0, severity: 0 });
  });
});
