import {
  deviceTagLimitTable,
  type AnyRouteDefinition,
  type DeviceTagLimitTable,
  type DeviceTagSource,
  type PushHub,
} from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess } from '@sensorium/applications/common';
import { NODE_TREE_TOPIC, type NodeTreeChanged } from '../common/tree-push';
import type { ItemTree } from './items';

/** What users limited to device tags saw of the tree before a change: its rows as JSON, per limit. */
interface Before {
  table: DeviceTagLimitTable;
  seen: Map<readonly string[], string>;
}

/**
 * Tells the open consoles of an application that its tree changed (`node-tree`, keyed by the application): after a
 * route that adds, deletes, moves or renames items succeeded, to every socket subscribed to the application whose
 * user can see it. A user limited to device tags is told only when the tree it sees changed.
 */
export class TreePush {
  constructor(
    private readonly hub: PushHub,
    private readonly access: Pick<ApplicationAccess, 'ownerOf'>,
    /** Read at each change: the plugin keeping User Setup's tags registers after this one. */
    private readonly tagSources: () => readonly DeviceTagSource[],
    private readonly tree: ItemTree,
  ) {}

  /** The route, publishing `node-tree` for its application once its handler succeeded. */
  publishing(route: AnyRouteDefinition): AnyRouteDefinition {
    return {
      ...route,
      handler: async (context) => {
        // The route declares `app`, so the pipeline has loaded it.
        const appId = context.app!.id;
        const before = await this.before(appId);
        const result = await route.handler(context);
        // A failed push never fails the change: the consoles see it on their next load.
        if (before) await this.publish(appId, before).catch(() => undefined);
        return result;
      },
    };
  }

  private async before(appId: string): Promise<Before | null> {
    if (!this.hub.hasSubscribers(NODE_TREE_TOPIC, appId)) return null;
    const table = await deviceTagLimitTable(this.tagSources(), appId);
    const seen = new Map<readonly string[], string>();
    for (const limit of table.limits) seen.set(limit, await this.view(appId, limit));
    return { table, seen };
  }

  private async view(appId: string, limit: readonly string[]): Promise<string> {
    // What the console's tree shows, so a change it would not show is not pushed.
    return JSON.stringify(await this.tree.outline(appId, limit));
  }

  private async publish(appId: string, { table, seen }: Before): Promise<void> {
    const owner = await this.access.ownerOf(appId);
    if (!owner) return;
    const message = { topic: NODE_TREE_TOPIC, data: { appId } satisfies NodeTreeChanged };
    this.hub.publishKeyed(appId, message, (user) => table.limitOf(user) === null && canSeeApplication(user, owner));
    for (const [limit, view] of seen) {
      if ((await this.view(appId, limit)) === view) continue;
      this.hub.publishKeyed(appId, message, (user) => table.limitOf(user) === limit && canSeeApplication(user, owner));
    }
  }
}
