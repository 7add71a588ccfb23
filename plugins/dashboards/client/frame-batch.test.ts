import { describe, expect, it } from 'vitest';
import { frameBatcher } from './frame-batch';

describe('frameBatcher', () => {
  it('hands over everything that arrived before a frame in one batch, and starts afresh after it', () => {
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    const batcher = frameBatcher<number>(
      (batch) => batches.push(batch),
      (run) => frames.push(run),
    );
    for (let value = 0; value < 1000; value++) batcher.add(value);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1000);
    batcher.add(1000);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(batches[1]).toEqual([1000]);
  });
});
