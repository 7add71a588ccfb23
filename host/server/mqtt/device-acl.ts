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

/**
 * What device credentials may do on the embedded broker: publish to the uplink topics the data sources consume, and
 * subscribe to their downlink topics, under the deployment's topic prefix. Nothing else: no `#`, no `$SYS`, no other
 * publisher's uplinks.
 */
export class DeviceAcl {
  constructor(
    private readonly topicPrefix: string,
    private readonly uplinkFilters: () => readonly string[],
    private readonly downlinkFilters: () => readonly string[],
  ) {}

  mayPublish(topic: string): boolean {
    if (!topic.startsWith(this.topicPrefix)) return false;
    const unprefixed = topic.slice(this.topicPrefix.length);
    return this.uplinkFilters().some((filter) => topicMatches(filter, unprefixed));
  }

  maySubscribe(filter: string): boolean {
    if (!filter.startsWith(this.topicPrefix)) return false;
    const unprefixed = filter.slice(this.topicPrefix.length);
    return this.downlinkFilters().some((allowed) => filterCovers(allowed, unprefixed));
  }
}
