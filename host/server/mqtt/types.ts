import type { DeviceOwners, MqttService } from '@sensorium/core/server';

/** The MQTT service with the host's lifecycle: opened once the adapters consume, closed before them. */
export interface HostMqttService extends MqttService {
  /** `owners` (a plugin's DeviceOwners, when one runs) holds organisations' device credentials to their own devices. */
  listen(owners?: DeviceOwners | null): Promise<void>;
  /** Closes the connections made with the organisation's device password (after it changed). */
  endOrganisationConnections(organisationId: string): void;
  close(): Promise<void>;
}
