import { usePush } from '@sensorium/core/client';
import type { Item } from '../common/types';

/** The push topic of live item values (contract "Nodes plugin"). */
export const NODE_VALUES_TOPIC = 'node-values';

/** The live values of the push topic `node-values`. */
export interface NodeValuesPush {
  appId: string;
  items: Pick<Item, 'uuid' | 'outputSimple' | 'status' | 'connection' | 'lastReceiveDate' | 'lastValidDate'>[];
}

/**
 * Calls `handler` with every live values push of the application while the component is mounted. The subscription
 * is keyed by the application id: the server sends `node-values` only to sockets subscribed to that application.
 */
export function useNodeValues(appId: string, handler: (push: NodeValuesPush) => void): void {
  usePush<NodeValuesPush>(
    NODE_VALUES_TOPIC,
    (data) => {
      if (data && data.appId === appId) handler(data);
    },
    appId,
  );
}
