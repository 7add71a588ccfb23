import { describe, expect, it } from 'vitest';
import { WriteLanes } from './write-lanes';

/** A task that records its start and end, and finishes when released. */
function task(log: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    run: async () => {
      log.push(`${name} start`);
      await done;
      log.push(`${name} end`);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('write lanes', () => {
  it('maps a device to the same lane whatever its case, and spreads devices over the lanes', () => {
    const lanes = new WriteLanes(2);
    expect(lanes.laneOf('chirpstack', 'A1B2C3D4E5F60001')).toBe(lanes.laneOf('chirpstack', 'a1b2c3d4e5f60001'));
    const used = new Set(Array.from({ length: 64 }, (_, i) => lanes.laneOf('chirpstack', `70b3d5be${i}`)));
    expect(used).toEqual(new Set([0, 1]));
    expect(new WriteLanes(1).laneOf('chirpstack', 'anything')).toBe(0);
  });

  it('runs one lane in order, two lanes at once, and work alone only while every lane is idle', async () => {
    const lanes = new WriteLanes(2);
    const log: string[] = [];
    const [a1, a2, b1, alone, b2] = ['a1', 'a2', 'b1', 'alone', 'b2'].map((name) => task(log, name));
    void lanes.inLane(0, a1!.run);
    void lanes.inLane(0, a2!.run);
    void lanes.inLane(1, b1!.run);
    const aloneDone = lanes.alone(alone!.run);
    void lanes.inLane(1, b2!.run);
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start']);
    a1!.release();
    b1!.release();
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start', 'a1 end', 'b1 end', 'a2 start']);
    a2!.release();
    await tick();
    expect(log.slice(5)).toEqual(['a2 end', 'alone start']);
    alone!.release();
    await aloneDone;
    await tick();
    expect(log.slice(7)).toEqual(['alone end', 'b2 start']);
    b2!.release();
    await lanes.idle();
    expect(log.at(-1)).toBe('b2 end');
  });

  it('goes on with a lane after a failed task', async () => {
    const lanes = new WriteLanes(2);
    await expect(lanes.inLane(0, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lanes.inLane(0, () => Promise.resolve(7))).resolves.toBe(7);
    await expect(lanes.alone(() => Promise.resolve('alone'))).resolves.toBe('alone');
  });
});
