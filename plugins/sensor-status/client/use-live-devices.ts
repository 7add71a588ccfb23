import { usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { NODE_TREE_TOPIC, type NodeValuesPush } from '@sensorium/nodes/common';
import type { SensorStatusStoreInstance } from './store';

/**
 * Keeps the page live while it is shown: the application's `node-values` pushes change the listed devices, and a
 * `node-tree` push (a device added, deleted, moved or renamed) asks for the page again. Both are keyed by the
 * application id, so only its pushes arrive.
 */
export function useLiveDevices(appId: string, store: SensorStatusStoreInstance): void {
  usePush<NodeValuesPush>(PUSH_TOPICS.nodeValues, (push) => store.applyValues(push), appId);
  usePush(NODE_TREE_TOPIC, () => void store.load(), appId);
}
