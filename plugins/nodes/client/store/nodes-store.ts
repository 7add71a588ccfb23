import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { compareStructural, reaction } from 'mobx';
import type { Outcome } from '@sensorium/core/client';
import type { Item } from '../../common/types';
import { MapsStore } from '../maps';
import type { NodeValuesPush } from '../../common/tree-push';
import { ItemStore } from './item-store';
import { RangeActionStore } from './range-action-store';
import { TreeStore } from './tree-store';
import { WizardStore } from './wizard-store';

export { SETTINGS_TAB } from '../settings-tab';

/**
 * Node Management's state (node spec 2), in the root store as `stores.nodes`: the application's tree, the selected
 * item, the range dialogs' data, the maps and the add-item wizard while it is open. Opening another application
 * starts afresh.
 */
export const NodesStore = types
  .model('Nodes', {
    appId: '',
    tree: types.optional(TreeStore, {}),
    item: types.optional(ItemStore, {}),
    rangeActions: types.optional(RangeActionStore, {}),
    maps: types.optional(MapsStore, {}),
    wizard: types.maybeNull(WizardStore),
    /** The item panel's tab (a contribution id); null: the default tab. */
    tab: types.maybeNull(types.string),
  })
  .volatile(() => ({ revealedAtLoad: false }))
  .actions((self) => ({
    afterCreate() {
      // The selected item's row follows what was saved in the panel (display name, tags, enable, map icons).
      addDisposer(
        self,
        reaction(
          () => {
            const item = self.item.detail;
            if (!item) return null;
            const geo = item.geoInfo;
            return {
              itemName: item.itemName,
              patch: {
                itemDisplayName: item.itemDisplayName,
                tags: [...geo.tags],
                enable: item.enable,
                hasGps: Boolean(geo.point || geo.site?.geoCoordinates),
                hasFloorPlan: Boolean(geo.floorPlan?.origin?.image),
              },
            };
          },
          (row) => row && self.tree.updateRow(row.itemName, row.patch),
          { equals: compareStructural },
        ),
      );
    },
    setTab(tab: string | null) {
      self.tab = tab;
    },
    /** Reveals the selected item once, when the tree first arrives (a link with a hash opens that item). */
    revealSelection() {
      const row = self.item.uuid ? self.tree.byUuid.get(self.item.uuid) : undefined;
      if (self.revealedAtLoad || !self.tree.tree) return;
      self.revealedAtLoad = true;
      if (row) self.tree.reveal(row.itemName);
    },
    applyPush(push: NodeValuesPush) {
      self.tree.applyPush(push);
      self.item.applyPush(push);
    },
    openWizard(parentName: string) {
      self.wizard = WizardStore.create({ appId: self.appId, parentName });
    },
    closeWizard() {
      self.wizard = null;
    },
  }))
  .actions((self) => ({
    /** Opens an application's Node Management afresh and loads its tree. */
    async open(appId: string): Promise<void> {
      self.appId = appId;
      self.revealedAtLoad = false;
      self.wizard = null;
      self.tab = null;
      self.tree.reset(appId);
      self.item.reset(appId);
      self.rangeActions.reset(appId);
      self.maps.reset(appId);
      await self.tree.load();
      self.revealSelection();
    },

    /** Selects the item of the URL hash (null: none). */
    async select(uuid: string | null): Promise<void> {
      await self.item.select(uuid);
    },

    /** Saves the edited structure and reloads the tree. */
    async saveStructure(): Promise<Outcome<unknown>> {
      const outcome = await self.tree.saveStructure();
      if (outcome.ok) await self.tree.load();
      return outcome;
    },

    /** Deletes the selected item and reloads the tree. */
    async removeSelected(deleteExternal: boolean): Promise<Outcome<unknown>> {
      const outcome = await self.item.remove(deleteExternal);
      if (outcome.ok) await self.tree.load();
      return outcome;
    },

    /** After the wizard added an item: reload the tree and reveal the new row. */
    async added(item: Item): Promise<void> {
      await self.tree.load();
      self.tree.reveal(item.itemName);
    },
  }));

export type NodesStoreInstance = Instance<typeof NodesStore>;
