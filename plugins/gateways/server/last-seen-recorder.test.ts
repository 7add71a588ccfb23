import { describe, expect, it } from 'vitest';
import type { Logger } from '@sensorium/core/server';
import type { GatewaySighting } from '../common';
import { LastSeenRecorder } from './last-seen-recorder';

const logger = { warn: () => undefined } as unknown as Logger;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe('LastSeenRecorder', () => {
  it('writes the latest time per gateway and type with one statement per flush, and nothing when nothing was heard', async () => {
    const writes: GatewaySighting[][] = [];
    const recorder = new LastSeenRecorder({ seenMany: async (sightings) => void writes.push([...sightings]) }, logger);
    recorder.note({ type: 'chirpstack', gatewayId: 'AA555AFFFE012345', at: at(2) });
    recorder.note({ type: 'chirpstack', gatewayId: 'AA555AFFFE012345', at: at(1) });
    recorder.note({ type: 'chirpstack', gatewayId: 'AA555AFFFE012345', at: at(3) });
    recorder.note({ type: 'ttn', gatewayId: 'AA555AFFFE012345', at: at(1) });
    await recorder.flush();
    await recorder.flush();
    expect(writes).toEqual([
      [
        { type: 'chirpstack', gatewayId: 'AA555AFFFE012345', at: at(3) },
        { type: 'ttn', gatewayId: 'AA555AFFFE012345', at: at(1) },
      ],
    ]);
  });

  it('keeps what a failed write held for the next flush, and writes what is pending when it stops', async () => {
    const writes: GatewaySighting[][] = [];
    let fail = true;
    const recorder = new LastSeenRecorder(
      {
        seenMany: async (sightings) => {
          if (fail) throw new Error('database away');
          writes.push([...sightings]);
        },
      },
      logger,
    );
    recorder.note({ type: 'chirpstack', gatewayId: '0016C0FFFE000001', at: at(1) });
    await recorder.flush();
    fail = false;
    recorder.note({ type: 'chirpstack', gatewayId: '0016C0FFFE000001', at: at(5) });
    recorder.start(60_000);
    await recorder.stop();
    expect(writes).toEqual([[{ type: 'chirpstack', gatewayId: '0016C0FFFE000001', at: at(5) }]]);
  });
});
