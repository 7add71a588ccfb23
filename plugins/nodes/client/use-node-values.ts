import { usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import type { NodeValuesPush } from '../common/tree-push';

/**
 * Calls `handler` with every live values push of the application while the component is mounted. The subscription
 * is keyed by the application id: the server sends `node-values` only to sockets subscribed to that application.
 */
export function useNodeValues(appId: string, handler: (push: NodeValuesPush) => void): void {
  usePush<NodeValuesPush>(
    PUSH_TOPICS.nodeValues,
    (data) => {
      if (data && data.appId === appId) handler(data);
    },
    appId,
  );
}
