import { HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import { NodeItemParams } from '../../common/inputs';
import type { ItemTree } from '../items/tree';

const actsOnOneItem = (route: AnyRouteDefinition) =>
  route.app !== undefined &&
  route.params !== undefined &&
  (route.params === NodeItemParams || route.params.prototype instanceof NodeItemParams);

/**
 * A route acting on one item (params NodeItemParams) answers 404 for an item the caller's device-tag limit hides, as
 * for an item of another application, before its handler reads or writes anything.
 */
export function onlyVisibleItems(route: AnyRouteDefinition, tree: ItemTree): AnyRouteDefinition {
  if (!actsOnOneItem(route)) return route;
  return {
    ...route,
    async handler(context) {
      // The route declares `app`, so the pipeline has loaded it.
      const { id, deviceTags } = context.app!;
      const { uuid } = context.params as NodeItemParams;
      if (deviceTags !== null && !(await tree.isVisible(id, uuid, deviceTags))) throw HttpError.notFound();
      return route.handler(context);
    },
  };
}
