import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NodesApi, NodeValuesPush, TreeRow } from '../api';
import { buildTree, moveItem, parentsOf, type DropPlacement, type MoveResult, type TreeModel } from './tree-model';

/**
 * The tree of one application: loaded from GET /tree, edited locally by drag and drop (dirty until saved with
 * PUT /structure), and refreshed by the live `node-values` pushes (severity, connection).
 */
export function useNodeTree(api: NodesApi) {
  const [tree, setTree] = useState<TreeModel | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [dirty, setDirty] = useState(false);
  const [version, setVersion] = useState(0);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    api
      .tree()
      .then(({ items }) => {
        if (!live) return;
        performance.mark('nodes:tree-loaded');
        setTree(buildTree(items));
        setDirty(false);
        setError(null);
      })
      .catch((reason: unknown) => live && setError(reason));
    return () => {
      live = false;
    };
  }, [api, version]);

  const parents = useMemo(() => (tree ? parentsOf(tree) : new Map<string, string>()), [tree]);
  const byUuid = useMemo(() => {
    const map = new Map<string, TreeRow>();
    if (tree) for (const row of tree.rows.values()) map.set(row.uuid, row);
    return map;
  }, [tree]);

  const move = useCallback(
    (dragged: string, target: string, placement: DropPlacement): MoveResult => {
      if (!tree) return { ok: false, reason: 'same' };
      const result = moveItem(tree, dragged, target, placement);
      if (result.ok) {
        setTree(result.tree);
        setDirty(true);
      }
      return result;
    },
    [tree],
  );

  /** Applies a push's severities and connection states to the rows it names. */
  const applyPush = useCallback((push: NodeValuesPush) => {
    setTree((current) => {
      if (!current) return current;
      const byId = new Map(push.items.map((item) => [item.uuid, item]));
      let rows: Map<string, TreeRow> | null = null;
      for (const row of current.rows.values()) {
        const update = byId.get(row.uuid);
        if (!update) continue;
        const next = {
          ...row,
          connection: update.connection,
          severity: update.status?.severity ?? row.severity,
          eventSeverity: update.status?.eventSeverity ?? row.eventSeverity,
        };
        if (next.connection === row.connection && next.severity === row.severity && next.eventSeverity === row.eventSeverity)
          continue;
        rows ??= new Map(current.rows);
        rows.set(row.itemName, next);
      }
      return rows ? { ...current, rows } : current;
    });
  }, []);

  /** Applies an item saved in the panel (display name, tags, enable, map icons) to its row, without reloading the tree. */
  const updateRow = useCallback(
    (itemName: string, patch: Partial<Pick<TreeRow, 'itemDisplayName' | 'tags' | 'enable' | 'hasGps' | 'hasFloorPlan'>>) => {
      setTree((current) => {
        const row = current?.rows.get(itemName);
        if (!current || !row) return current;
        const next = { ...row, ...patch };
        if (
          next.itemDisplayName === row.itemDisplayName &&
          next.enable === row.enable &&
          next.hasGps === row.hasGps &&
          next.hasFloorPlan === row.hasFloorPlan &&
          next.tags.length === row.tags.length &&
          next.tags.every((tag, i) => tag === row.tags[i])
        )
          return current;
        const rows = new Map(current.rows);
        rows.set(itemName, next);
        return { ...current, rows };
      });
    },
    [],
  );

  return { tree, error, dirty, parents, byUuid, reload, move, applyPush, updateRow, setDirty };
}
