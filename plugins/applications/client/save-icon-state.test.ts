import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSave, type SaveIconState } from './save-icon-state';

describe('the settings save icon', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows saving for 2 s, then save_success for 2 s, then cold', async () => {
    const states: SaveIconState[] = [];
    const done = runSave(
      () => Promise.resolve(),
      (state) => states.push(state),
    );
    expect(states).toEqual(['saving']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(states).toEqual(['saving']);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['saving', 'save_success']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(states).toEqual(['saving', 'save_success', 'cold']);
    await expect(done).resolves.toBe(true);
  });

  it('stays saving while the call is slower than 2 s', async () => {
    const states: SaveIconState[] = [];
    let finish: () => void = () => undefined;
    const done = runSave(
      () => new Promise<void>((resolve) => (finish = resolve)),
      (state) => states.push(state),
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(states).toEqual(['saving']);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['saving', 'save_success']);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toBe(true);
  });

  it('returns to editing when the save fails', async () => {
    const states: SaveIconState[] = [];
    const done = runSave(
      () => Promise.reject(new Error('refused')),
      (state) => states.push(state),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['saving', 'editing']);
    await expect(done).resolves.toBe(false);
  });
});
