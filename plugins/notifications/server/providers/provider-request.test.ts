import { describe, expect, it } from 'vitest';
import { rowStatusOf } from '../callbacks/delivery-status';
import { valueAtPath } from './provider-request';

describe('reading provider answers', () => {
  it('finds the message id at a JSON path', () => {
    const answer = { sid: 'SM1', data: { id: 7, messages: [{ id: 'm-1' }] } };
    expect(valueAtPath(answer, 'sid')).toBe('SM1');
    expect(valueAtPath(answer, 'data.id')).toBe(7);
    expect(valueAtPath(answer, '$.data.messages[0].id')).toBe('m-1');
    expect(valueAtPath(answer, 'data.missing.id')).toBeNull();
    expect(valueAtPath(answer, 'constructor')).toBeNull();
    expect(valueAtPath(null, 'sid')).toBeNull();
  });

  it('maps message and call statuses onto the delivery row', () => {
    expect(['queued', 'sent', 'ringing', 'in-progress'].map(rowStatusOf)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(['delivered', 'read', 'completed'].map(rowStatusOf)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(['undelivered', 'failed', 'busy', 'no-answer', 'canceled'].map(rowStatusOf)).toEqual(Array(5).fill('failed'));
    expect(rowStatusOf('whatever')).toBeNull();
  });
});
