import type { MqttService } from '@sensorium/core/server';

/** The MQTT service with the host's lifecycle: opened once the adapters consume, closed before them. */
export interface HostMqttService extends MqttService {
  listen(): Promise<void>;
  close(): Promise<void>;
}
