import { createToken } from '@sensorium/core/common';
import type { ItemStatus } from './processing/types';

/** One item in a `node-values` push: its state after a committed batch. */
export interface NodeValue {
  uuid: string;
  outputSimple: Record<string, unknown>;
  status: ItemStatus;
  connection: boolean;
  lastReceiveDate: string | null;
  lastValidDate: string | null;
}

/** The `node-values` push (keyed by application): the latest state of each item that changed. */
export interface NodeValuesMessage {
  appId: string;
  items: NodeValue[];
}

/**
 * The live values of an application's items as this instance receives them (from every instance of a cluster), for
 * readers that are not push sockets: a share link's stream. Listeners get every changed item of the application and
 * pick what they may show.
 */
export interface LiveValueFeed {
  /** Calls `listener` with each batch of changed items of the application until the returned function is called. */
  watch(appId: string, listener: (items: readonly NodeValue[]) => void): () => void;
}
export const LiveValueFeedToken = createToken<LiveValueFeed>('device-pipeline.live-value-feed');
