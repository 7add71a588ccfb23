import type { Item } from './types';

/**
 * The push topic telling open consoles that an application's tree changed (an item added, deleted, moved or renamed):
 * keyed by the application id, so only sockets subscribed to that application get it; they reload the tree.
 */
export const NODE_TREE_TOPIC = 'node-tree';

/** The `node-tree` push. */
export interface NodeTreeChanged {
  appId: string;
}

/** The live values of the push topic `node-values` (core's PUSH_TOPICS.nodeValues, keyed by the application id). */
export interface NodeValuesPush {
  appId: string;
  items: Pick<Item, 'uuid' | 'outputSimple' | 'status' | 'connection' | 'lastReceiveDate' | 'lastValidDate'>[];
}
