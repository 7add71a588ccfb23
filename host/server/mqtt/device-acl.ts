import type { MqttDeviceTopics } from '@sensorium/core/server';
import { topicMatches } from './topic-filter';

/**
 * Whether every topic `requested` can match is also matched by `allowed` (both MQTT filters with + and #), so a
 * subscription to `requested` can never receive a topic outside `allowed`.
 */
export function filterCovers(allowed: string, requested: string): boolean {
  const allowedLevels = allowed.split('/');
  const requestedLevels = requested.split('/');
  for (let index = 0; index < allowedLevels.length; index++) {
    const level = allowedLevels[index];
    if (level === '#') return true;
    const asked = requestedLevels[index];
    if (asked === undefined || asked === '#') return false;
    if (level !== '+' && (asked === '+' || asked !== level)) return false;
  }
  return allowedLevels.length === requestedLevels.length;
}

/** A consumer's topics as the ACL sees them (what `consume` was given). */
export interface AclConsumer {
  filter: string;
  downlinks: string | null;
  devices: MqttDeviceTopics | null;
}

/** The device a topic names: its source type, device id and device-server application (null when it names none). */
export interface TopicDevice {
  source: string;
  deviceId: string;
  application: string | null;
}

/** The device at `devices`' levels of a topic (or of a filter's concrete levels): null when the device level is a wildcard. */
function deviceAt(devices: MqttDeviceTopics, levels: readonly string[]): TopicDevice | null {
  const level = (index: number | undefined) => {
    const value = index === undefined ? undefined : levels[index];
    return value === undefined || value === '+' || value === '#' || value === '' ? null : value;
  };
  const deviceId = level(devices.deviceLevel);
  return deviceId === null ? null : { source: devices.source, deviceId, application: level(devices.applicationLevel) };
}

/**
 * What device credentials may do on the embedded broker: publish to the uplink topics the data sources consume, and
 * subscribe to their downlink topics, under the deployment's topic prefix. Nothing else: no `#`, no `$SYS`, no other
 * publisher's uplinks. For an organisation's credentials it also names the device a topic is about, so the broker can
 * hold them to that organisation's devices.
 */
export class DeviceAcl {
  constructor(
    private readonly topicPrefix: string,
    private readonly consumers: () => readonly AclConsumer[],
  ) {}

  mayPublish(topic: string): boolean {
    const unprefixed = this.unprefixed(topic);
    return unprefixed !== null && this.consumers().some((consumer) => topicMatches(consumer.filter, unprefixed));
  }

  maySubscribe(filter: string): boolean {
    return this.downlinkConsumerOf(filter) !== undefined;
  }

  /** The device an uplink topic names; null when its source says not where (closed to organisations). */
  uplinkDevice(topic: string): TopicDevice | null {
    const unprefixed = this.unprefixed(topic);
    if (unprefixed === null) return null;
    const consumer = this.consumers().find((candidate) => topicMatches(candidate.filter, unprefixed));
    return consumer?.devices ? deviceAt(consumer.devices, unprefixed.split('/')) : null;
  }

  /** The device a downlink topic names; null as for uplinks. */
  downlinkDevice(topic: string): TopicDevice | null {
    const unprefixed = this.unprefixed(topic);
    if (unprefixed === null) return null;
    const consumer = this.consumers().find(
      (candidate) => candidate.downlinks !== null && topicMatches(candidate.downlinks, unprefixed),
    );
    return consumer?.devices ? deviceAt(consumer.devices, unprefixed.split('/')) : null;
  }

  /**
   * The device a downlink subscription names: `every` when its device level is a wildcard (each message is then checked
   * as it is forwarded), null when the filter is refused or its source says not where its topics name the device.
   */
  subscribedDevice(filter: string): TopicDevice | 'every' | null {
    const consumer = this.downlinkConsumerOf(filter);
    if (!consumer?.devices) return null;
    return deviceAt(consumer.devices, filter.slice(this.topicPrefix.length).split('/')) ?? 'every';
  }

  private unprefixed(topic: string): string | null {
    return topic.startsWith(this.topicPrefix) ? topic.slice(this.topicPrefix.length) : null;
  }

  private downlinkConsumerOf(filter: string): AclConsumer | undefined {
    const unprefixed = this.unprefixed(filter);
    if (unprefixed === null) return undefined;
    return this.consumers().find((consumer) => consumer.downlinks !== null && filterCovers(consumer.downlinks, unprefixed));
  }
}
