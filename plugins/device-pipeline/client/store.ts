import { types, type Instance } from 'mobx-state-tree';
import { ChartStore } from './chart-store';

/** The device pipeline's state (the plugin store `devicePipeline`, loaded on first use). */
export const DevicePipelineStore = types.model('DevicePipeline', {
  chart: types.optional(ChartStore, {}),
});

export type DevicePipelineStoreInstance = Instance<typeof DevicePipelineStore>;
