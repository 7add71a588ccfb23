import type { FieldPreference, NodeDataSetting, NodeDataSource } from './field-preference';

/** The Node Data source choices of the Field Settings dialog (spec 2.5), grouped as the selector shows them. */
export const NODE_DATA_SOURCES: readonly NodeDataSource[] = ['custom', 'average', 'median', 'min', 'max', 'count'];
export const NODE_DATA_SOURCE_GROUPS: readonly { labelKey: string; sources: readonly NodeDataSource[] }[] = [
  { labelKey: 'singleValue', sources: ['custom'] },
  { labelKey: 'extractFromChildren', sources: ['average', 'median', 'min', 'max', 'count'] },
];
export const NODE_DATA_EXAMPLE_EXPRESSION = 'children.temperature';

/** What a node's children offer to its node data: their current values (and whether they are enabled). */
export interface NodeDataChild {
  outputSimple: Record<string, unknown>;
  enable?: boolean;
}

/**
 * The child field an expression names: `children.temperature` → `temperature`. Also accepts a bare field name.
 * Null when the expression names nothing.
 */
export function childFieldOf(expression: string): string | null {
  const trimmed = expression.trim();
  const field = trimmed.startsWith('children.') ? trimmed.slice('children.'.length) : trimmed;
  return field && !field.includes(' ') ? field : null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A custom field's value: the expression as a number when it reads as one, else the text itself. */
function customValue(expression: string): number | string {
  const number = toNumber(expression);
  return number ?? expression;
}

/**
 * One node-data field from the node's children (spec 2.5): Average, Median, Min or Max of the children's numeric
 * values of the expression's field, Count of children that have a value for it, or a custom (fixed) value.
 * Disabled children are left out. Null when no child has a numeric value (Count is then 0).
 */
export function computeNodeData(setting: NodeDataSetting, children: readonly NodeDataChild[]): number | string | null {
  if (setting.source === 'custom') return customValue(setting.expression);
  const field = childFieldOf(setting.expression);
  if (!field) return setting.source === 'count' ? 0 : null;
  const active = children.filter((child) => child.enable !== false);
  if (setting.source === 'count') {
    return active.filter((child) => {
      const value = child.outputSimple[field];
      return value !== undefined && value !== null && value !== '';
    }).length;
  }
  const values = active.map((child) => toNumber(child.outputSimple[field])).filter((value): value is number => value !== null);
  if (values.length === 0) return null;
  switch (setting.source) {
    case 'average':
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'median': {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    }
  }
}

/**
 * Every node-data field of a node (fields whose preference has nodeData), computed from its children: the values to
 * merge into the node's outputSimple. Fields without a node-data setting are left out.
 */
export function computeNodeDataFields(
  input: Readonly<Record<string, Pick<FieldPreference, 'nodeData'> | undefined>>,
  children: readonly NodeDataChild[],
): Record<string, number | string | null> {
  const result: Record<string, number | string | null> = {};
  for (const [field, preference] of Object.entries(input)) {
    const setting = preference?.nodeData;
    if (!setting || !NODE_DATA_SOURCES.includes(setting.source)) continue;
    result[field] = computeNodeData(setting, children);
  }
  return result;
}

/** Whether a node has any node-data field (so a change of a child must recompute it). */
export function hasNodeData(input: Readonly<Record<string, Pick<FieldPreference, 'nodeData'> | undefined>>): boolean {
  return Object.values(input).some((preference) => preference?.nodeData !== undefined && preference.nodeData !== null);
}
