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
