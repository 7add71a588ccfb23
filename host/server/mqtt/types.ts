import type { DeviceOwners, MqttService } from '@sensorium/core/server';
import type { BrokerState } from '../system/readiness';

/** The MQTT service with the host's lifecycle: opened once the adapters consume, drained and closed before them. */
export interface HostMqttService extends MqttService {
  /** `owners` (a plugin's DeviceOwners, when one runs) holds organisations' device credentials to their own devices. */
  listen(owners?: DeviceOwners | null): Promise<void>;
  /** Closes the connections made with the organisation's device password (after it changed). */
  endOrganisationConnections(organisationId: string): void;
  /** For /readyz: whether the broker takes uplinks (`off` when MQTT is switched off). */
  state(): BrokerState;
  /**
   * Shutdown, first step: takes no more uplinks (they stay unacknowledged, to be sent again) and resolves once those
   * taken before are committed and acknowledged.
   */
  drain(): Promise<void>;
  /** Drains (when not done yet) and closes every connection. */
  close(): Promise<void>;
}
