import { describe, expect, it } from 'vitest';
import { gatewayEui, reportSightings, type GatewaySighting } from './network-servers';

describe('gateway sightings', () => {
  it('reads a gateway EUI from ChirpStack ids and TTS eui-… ids, and skips ids that name none', () => {
    expect(gatewayEui('0016c001ff10a235')).toBe('0016C001FF10A235');
    expect(gatewayEui('eui-b827ebfffe61c12a')).toBe('B827EBFFFE61C12A');
    expect(gatewayEui('packetbroker')).toBeNull();
    expect(gatewayEui(undefined)).toBeNull();
  });

  it('tells every listener of every gateway with an EUI', () => {
    const heard: GatewaySighting[] = [];
    const at = new Date();
    reportSightings([(sighting) => heard.push(sighting)], 'ttn', ['B827EBFFFE61C12A', 'my-gateway', null], at);
    expect(heard).toEqual([{ type: 'ttn', gatewayId: 'B827EBFFFE61C12A', at }]);
  });
});
