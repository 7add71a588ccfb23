import { observer } from 'mobx-react-lite';
import { usePluginStore } from '@sensorium/core/client';
import type { ItemSettingsTabProps } from '@sensorium/nodes/common';
import { RawDataTable } from './raw-data-table';
import { RAW_DATA_STORE, type RawDataStore } from './store';

/** The item panel's Data History tab (node spec 2.2 tab 4): the raw data table limited to the item. */
export const DataHistoryTab = observer(function DataHistoryTab(props: ItemSettingsTabProps) {
  const store = usePluginStore<typeof RawDataStore>(RAW_DATA_STORE).tab;
  return (
    <RawDataTable
      store={store}
      appId={props.appId}
      tags={[props.item.itemName]}
      itemSpecific
      active={props.active}
      showDevice={false}
    />
  );
});
