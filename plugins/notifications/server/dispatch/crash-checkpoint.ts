import type { DeliveryStage } from './deliver-worker';

/**
 * The deliver worker's checkpoint for the restart test (SENSORIUM_NOTIFICATIONS_CRASH_AT): the process dies on the spot
 * when a delivery reaches `crashAt`, inside its transaction, as a power cut would take it. None when unset.
 */
export function crashCheckpoint(crashAt: DeliveryStage | ''): ((stage: DeliveryStage) => void) | undefined {
  if (!crashAt) return undefined;
  return (stage) => {
    if (stage === crashAt) process.kill(process.pid, 'SIGKILL');
  };
}
