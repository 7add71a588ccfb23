import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnonymousFailureCap, type CappedFailures } from './anonymous-failure-cap';

describe('the cap on anonymous failed calls in the audit trail', () => {
  let capped: CappedFailures[];
  let cap: AnonymousFailureCap;
  const admitted = (address: string, calls: number) =>
    Array.from({ length: calls }, () => cap.admit(address)).filter(Boolean).length;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z') });
    capped = [];
    cap = new AnonymousFailureCap(
      async (summary) => {
        capped.push(summary);
      },
      { perAddress: 3, overall: 5, windowMs: 60_000 },
    );
  });
  afterEach(() => vi.useRealTimers());

  it('records at most N calls per address a window, then one summary of the refused ones when the window ends', async () => {
    expect(admitted('10.0.0.1', 10)).toBe(3);
    expect(capped).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(capped).toEqual([
      {
        address: '10.0.0.1',
        refused: 7,
        from: new Date('2026-11-25T08:00:00Z'),
        to: new Date('2026-11-25T08:01:00Z'),
      },
    ]);
    // A new window records again.
    expect(admitted('10.0.0.1', 1)).toBe(1);
  });

  it('caps all addresses together, so that many addresses cannot flood the trail either', async () => {
    expect(admitted('10.0.0.1', 3) + admitted('10.0.0.2', 3) + admitted('10.0.0.3', 3)).toBe(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(capped).toEqual([expect.objectContaining({ address: null, refused: 4 })]);
  });

  it('writes nothing for a window that refused nothing, and reports pending refusals when closed', async () => {
    expect(admitted('10.0.0.1', 2)).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(capped).toEqual([]);
    expect(admitted('10.0.0.4', 4)).toBe(3);
    await cap.close();
    expect(capped).toEqual([expect.objectContaining({ address: '10.0.0.4', refused: 1 })]);
  });
});
