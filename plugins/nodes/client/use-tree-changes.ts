import { usePush } from '@sensorium/core/client';
import { NODE_TREE_TOPIC, type NodeTreeChanged } from '../common/tree-push';

/**
 * Calls `onChange` whenever the application's tree changed on the server (an item added, deleted, moved or renamed by
 * anyone) while the component is mounted; the subscription is keyed by the application id.
 */
export function useTreeChanges(appId: string, onChange: () => void): void {
  usePush<NodeTreeChanged>(
    NODE_TREE_TOPIC,
    (data) => {
      if (data && data.appId === appId) onChange();
    },
    appId,
  );
}
