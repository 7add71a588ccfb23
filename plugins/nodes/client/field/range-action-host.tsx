import { usePluginStore } from '@sensorium/core/client';
import type { ItemOption, RangeAction } from '../../common/extension-points';
import type { RangeEntry } from '../../common/field-preference';
import { rangeActionValue, withRangeActionValue } from '../../common/range-actions';
import type { Item } from '../../common/types';
import { hasOwnCall } from '../api/range-action-api';
import { RangeActionFrame } from '../dialogs/range-action-frame';
import type { NodesStore } from '../store/nodes-store';
import { saveRangeAction, type RangeActionHostEdits } from './range-action-save';

export interface RangeActionHostProps extends RangeActionHostEdits {
  action: RangeAction<unknown>;
  appId: string;
  item: Item;
  field: string;
  rangeIndex: number;
  /** The range as edited in the Field Settings dialog. */
  range: RangeEntry;
  items: readonly ItemOption[];
  onClose(): void;
}

/** Opens a contributed range action's dialog on the setting at its key, and keeps (or stores) what it returns. */
export function RangeActionHost(props: RangeActionHostProps) {
  const store = usePluginStore<typeof NodesStore>('nodes').rangeActions;
  const { action, item, field, rangeIndex } = props;
  const Dialog = action.dialog;
  const uuidOf = (name: string) => props.items.find((option) => option.itemName === name)?.uuid ?? null;
  return (
    <Dialog
      appId={props.appId}
      item={item}
      field={field}
      rangeIndex={rangeIndex}
      value={rangeActionValue(props.range, action.key)}
      items={props.items}
      commandsOf={(name) => store.commandsOf(name, uuidOf(name))}
      save={(value) =>
        saveRangeAction(
          props,
          (range) => withRangeActionValue(range, action.key, value),
          hasOwnCall(action.key) ? () => store.saveValue(item.uuid, field, rangeIndex, action.key, value) : null,
        )
      }
      Frame={RangeActionFrame}
      onClose={props.onClose}
    />
  );
}
