import { deviceTagLimitTable, type AnyRouteDefinition, type DeviceTagSource, type PushHub } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '@sensorium/applications/common';
import { NODE_TREE_TOPIC, type NodeTreeChanged } from '../common/tree-push';
import type { ItemTree } from './items';

/** What users limited to device tags saw of the tree before a change: its rows as JSON, per limit. */
type Before = Map<readonly string[], string>;

/** What travels to every instance: the application, its owner, and the device-tag limits whose tree changed. */
interface TreeChanged {
  appId: string;
  owner: ApplicationOwner;
  /** The limits (tags sorted, as the limit table keeps them) whose users see a different tree now. */
  changedLimits: string[][];
}

/**
 * Tells the open consoles of an application that its tree changed (`node-tree`, keyed by the application): after a
 * route that adds, deletes, moves or renames items succeeded, to every socket subscribed to the application whose
 * user can see it. A user limited to device tags is told only when the tree it sees changed. The instance that made the
 * change compares the trees; every instance tells its own sockets.
 */
export class TreePush {
  private readonly send: (change: TreeChanged) => void;

  constructor(
    private readonly hub: PushHub,
    private readonly access: Pick<ApplicationAccess, 'ownerOf'>,
    /** Read at each change: the plugin keeping User Setup's tags registers after this one. */
    private readonly tagSources: () => readonly DeviceTagSource[],
    private readonly tree: ItemTree,
  ) {
    this.send = hub.fanOut<TreeChanged>(NODE_TREE_TOPIC, (change) => void this.deliver(change).catch(() => undefined));
  }

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
    if (!this.hub.mayHaveSubscribers(NODE_TREE_TOPIC, appId)) return null;
    const table = await deviceTagLimitTable(this.tagSources(), appId);
    const seen: Before = new Map();
    for (const limit of table.limits) seen.set(limit, await this.view(appId, limit));
    return seen;
  }

  private async view(appId: string, limit: readonly string[]): Promise<string> {
    // What the console's tree shows, so a change it would not show is not pushed.
    return JSON.stringify(await this.tree.outline(appId, limit));
  }

  private async publish(appId: string, seen: Before): Promise<void> {
    const owner = await this.access.ownerOf(appId);
    if (!owner) return;
    const changedLimits: string[][] = [];
    for (const [limit, view] of seen) if ((await this.view(appId, limit)) !== view) changedLimits.push([...limit]);
    this.send({ appId, owner, changedLimits });
  }

  /** On every instance: to its sockets of the application, users without a limit and those whose tree changed. */
  private async deliver({ appId, owner, changedLimits }: TreeChanged): Promise<void> {
    if (!this.hub.hasSubscribers(NODE_TREE_TOPIC, appId)) return;
    // Read here, as the filters need each user's limit; User Setup's tags did not change with the tree.
    const table = await deviceTagLimitTable(this.tagSources(), appId);
    const changed = new Set(changedLimits.map((limit) => JSON.stringify(limit)));
    const message = { topic: NODE_TREE_TOPIC, data: { appId } satisfies NodeTreeChanged };
    this.hub.publishKeyed(appId, message, (user) => {
      const limit = table.limitOf(user);
      return (limit === null || changed.has(JSON.stringify(limit))) && canSeeApplication(user, owner);
    });
  }
}
