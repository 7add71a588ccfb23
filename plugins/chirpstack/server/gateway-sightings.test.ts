import { describe, expect, it } from 'vitest';
import { statsTime, uplinkGatewayIds } from './gateway-sightings';

describe('ChirpStack gateway sightings', () => {
  const now = new Date(Date.UTC(2026, 0, 1, 12, 0, 0));

  it('dates a stats event by its JSON time, by arrival when it is protobuf or claims the future', () => {
    const earlier = '2026-01-01T11:50:00.000Z';
    expect(statsTime(Buffer.from(JSON.stringify({ gatewayId: '0016c001ff10a235', time: earlier })), now).toISOString()).toBe(
      earlier,
    );
    expect(statsTime(Buffer.from([0x0a, 0x08, 0x00, 0x16]), now)).toBe(now);
    expect(statsTime(Buffer.from(JSON.stringify({ time: '2026-01-01T12:05:00Z' })), now)).toBe(now);
    expect(statsTime(Buffer.from('null'), now)).toBe(now);
  });

  it('lists every gateway that received an uplink', () => {
    expect(uplinkGatewayIds({ rxInfo: [{ gatewayId: 'a' }, { gatewayId: 'b' }, null] })).toEqual(['a', 'b', undefined]);
    expect(uplinkGatewayIds({})).toEqual([]);
  });
});
