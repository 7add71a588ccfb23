/**
 * A plugin's static manifest: plain data the host reads without running plugin code
 * (like Grafana's plugin.json or VS Code's package.json `contributes`).
 */
export interface PluginManifest {
  /** Lowercase letters, digits and hyphens; unique across the installation. */
  id: string;
  /** Semantic version of the plugin. */
  version: string;
  /** One-line description shown in docs and diagnostics. */
  description?: string;
  /** When set, the plugin contributes nothing unless this licence key is on. */
  licence?: string;
  /** Permission keys the plugin introduces or relies on. */
  permissions?: string[];
  /** Ids of plugins that must be registered before this one. */
  dependsOn?: string[];
  /** Client only: DI tokens (by name) the plugin resolves; start-up fails naming plugin and token when none provides one. Server parts declare `deps` instead. */
  requires?: string[];
  /**
   * Tables this plugin owns whose names do not start with its id (`<id>_`, hyphens as underscores), such as tables made
   * before the rule. Only the owner declares, migrates or queries a table; `sensorium check` enforces it.
   */
  tables?: string[];
}

export class PluginWiringError extends Error {
  constructor(
    message: string,
    readonly pluginId: string,
  ) {
    super(message);
    this.name = 'PluginWiringError';
  }
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/;

function validateManifest(manifest: PluginManifest): void {
  const id = typeof manifest?.id === 'string' ? manifest.id : '(unnamed)';
  const fail = (what: string): never => {
    throw new PluginWiringError(`Plugin "${id}": ${what}`, id);
  };
  if (!ID_PATTERN.test(manifest.id ?? '')) fail('id must be lowercase letters, digits and hyphens, starting with a letter');
  if (!VERSION_PATTERN.test(manifest.version ?? '')) fail(`version "${String(manifest.version)}" is not a semantic version`);
  for (const list of ['permissions', 'dependsOn', 'requires', 'tables'] as const) {
    const value = manifest[list];
    if (value !== undefined && (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))) {
      fail(`${list} must be a list of strings`);
    }
  }
  if (manifest.licence !== undefined && (typeof manifest.licence !== 'string' || manifest.licence === '')) {
    fail('licence must be a non-empty string');
  }
}

/**
 * Validates every manifest and returns the plugins ordered so that each comes after the plugins it depends on.
 * Duplicate ids, missing dependencies and cycles throw a PluginWiringError naming the plugin.
 */
export function orderPlugins<T extends { manifest: PluginManifest }>(plugins: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const plugin of plugins) {
    validateManifest(plugin.manifest);
    const { id } = plugin.manifest;
    if (byId.has(id)) throw new PluginWiringError(`Plugin "${id}" is registered twice`, id);
    byId.set(id, plugin);
  }
  for (const plugin of plugins) {
    for (const dependency of plugin.manifest.dependsOn ?? []) {
      if (!byId.has(dependency)) {
        throw new PluginWiringError(
          `Plugin "${plugin.manifest.id}" depends on "${dependency}", which is not installed or not enabled`,
          plugin.manifest.id,
        );
      }
    }
  }
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: T, path: string[]): void => {
    const { id } = plugin.manifest;
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id].join(' -> ');
      throw new PluginWiringError(`Plugin "${id}" is part of a dependency cycle: ${cycle}`, id);
    }
    state.set(id, 'visiting');
    for (const dependency of plugin.manifest.dependsOn ?? []) visit(byId.get(dependency)!, [...path, id]);
    state.set(id, 'done');
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

/** The ids of the plugins a plugin depends on, directly or through its dependencies. */
export function dependencyClosure(pluginId: string, plugins: readonly { manifest: PluginManifest }[]): Set<string> {
  const byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin.manifest]));
  const seen = new Set<string>();
  const visit = (id: string) => {
    for (const dependency of byId.get(id)?.dependsOn ?? []) {
      if (!seen.has(dependency)) {
        seen.add(dependency);
        visit(dependency);
      }
    }
  };
  visit(pluginId);
  return seen;
}
