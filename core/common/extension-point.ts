import type { Gate } from './gate';

/**
 * A typed, versioned slot other plugins contribute to (Backstage's blueprints, Grafana's extension ids).
 * Core declares the shell's points; any plugin may declare its own with `createExtensionPoint`.
 */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Phantom field carrying the contribution type; never set at run time. */
  readonly __contribution?: T;
}

export function createExtensionPoint<T>(id: string): ExtensionPoint<T> {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\/v\d+$/.test(id)) {
    throw new Error(`Extension point id "${id}" must look like "owner.name/v1"`);
  }
  return { id };
}

export interface Contribution<T> {
  pluginId: string;
  value: T;
  gate: Gate;
}

/** Holds every contribution of every registered plugin, in plugin order then contribution order. */
export class ExtensionRegistry {
  private readonly contributions = new Map<string, Contribution<unknown>[]>();

  contribute<T>(point: ExtensionPoint<T>, pluginId: string, value: T, gate: Gate = {}): void {
    const list = this.contributions.get(point.id) ?? [];
    list.push({ pluginId, value, gate });
    this.contributions.set(point.id, list);
  }

  list<T>(point: ExtensionPoint<T>): Contribution<T>[] {
    return (this.contributions.get(point.id) ?? []) as Contribution<T>[];
  }

  values<T>(point: ExtensionPoint<T>): T[] {
    return this.list(point).map((contribution) => contribution.value);
  }
}
