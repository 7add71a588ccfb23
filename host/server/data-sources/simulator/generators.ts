import type { FieldGenerator } from '@sensorium/core/server';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A field's value at `at` by its generator; `phase` (0..1, stable per device) keeps devices of one template from moving
 * in lockstep, and `noise` (−0.5..0.5) is the wave's jitter (random in use, fixed in tests).
 */
export function generatedValue(generator: FieldGenerator, at: Date, phase: number, noise = Math.random() - 0.5): number {
  const seconds = at.getTime() / 1000;
  switch (generator.kind) {
    case 'wave': {
      const period = generator.periodSec ?? 600;
      const middle = (generator.min + generator.max) / 2;
      const half = (generator.max - generator.min) / 2;
      // The jitter stays within the band: 5 % of its width, the wave 95 %.
      const value = middle + half * (0.95 * Math.sin((seconds / period + phase) * 2 * Math.PI) + 0.1 * noise);
      return round(Math.min(generator.max, Math.max(generator.min, value)), generator.decimals ?? 1);
    }
    case 'toggle':
      return Math.floor(seconds / (generator.periodSec ?? 30) + phase * 2) % 2;
    case 'counter':
      return round(generator.start + ((seconds / 60) % 1_000_000) * generator.perMinute, generator.decimals ?? 1);
    case 'alarm-cycle': {
      const second = at.getUTCSeconds();
      const inAlarm = second >= generator.alarmFrom && second < generator.alarmTo;
      const base = inAlarm ? generator.alarm : generator.normal;
      const spread = Math.abs(generator.alarm - generator.normal) * 0.05;
      return round(base + spread * noise, generator.decimals ?? 1);
    }
  }
}

/** Every field of a device at `at`. */
export function generatedValues(
  generators: Readonly<Record<string, FieldGenerator>>,
  at: Date,
  phase: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(generators).map(([field, generator]) => [field, generatedValue(generator, at, phase)]),
  );
}
