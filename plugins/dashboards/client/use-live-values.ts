import { useMemo } from 'react';
import { usePush } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import type { NodeValuesPush } from '@sensorium/nodes/common';
import { frameBatcher } from './frame-batch';
import type { DashboardsStoreInstance } from './store';

/** The application's `node-values` pushes into the store, coalesced to one store action per animation frame. */
export function useLiveValues(appId: string, store: DashboardsStoreInstance): void {
  const batcher = useMemo(() => frameBatcher<NodeValuesPush>((batch) => store.applyValues(batch)), [store]);
  usePush<NodeValuesPush>(PUSH_TOPICS.nodeValues, (push) => batcher.add(push), appId);
}
