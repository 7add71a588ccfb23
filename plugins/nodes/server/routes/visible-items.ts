import { HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import { NodeItemParams } from '../../common/inputs';
import type { ItemTree } from '../items/tree';

const actsOnOneItem = (route: AnyRouteDefinition) =>
  route.app !== undefined &&
  route.params !== undefined &&
  (route.params === NodeItemParams || route.params.prototype instanceof NodeItemParams);

/**
 * A route acting on one item (params NodeItemParams) answers 404 for an item the caller's device-tag limit hides, as
 * for an item of another application, before its handler runs; a route that changes the item also for a node the
 * caller sees only above its devices, or one with hidden items below it (a delete would take them along).
 */
export function onlyVisibleItems(route: AnyRouteDefinition, tree: ItemTree): AnyRouteDefinition {
  if (!actsOnOneItem(route)) return route;
  return {
    ...route,
    async handler(context) {
      // The route declares `app`, so the pipeline has loaded it.
      const { id, deviceTags } = context.app!;
      const { uuid } = context.params as NodeItemParams;
      if (deviceTags === null) return route.handler(context);
      const allowed = route.method === 'GET' ? tree.isVisible(id, uuid, deviceTags) : tree.isWritable(id, uuid, deviceTags);
      if (!(await allowed)) throw HttpError.notFound();
      return route.handler(context);
    },
  };
}
