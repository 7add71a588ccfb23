import { types, type Instance } from 'mobx-state-tree';
import { ChartStore } from './chart-store';

/** The device pipeline's state in the root store, as `stores.devicePipeline`. */
export const DevicePipelineStore = types.model('DevicePipeline', {
  chart: types.optional(ChartStore, {}),
});

export type DevicePipelineStoreInstance = Instance<typeof DevicePipelineStore>;
