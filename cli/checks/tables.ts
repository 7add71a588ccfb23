import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { dependencyClosure, type PluginManifest } from '@sensorium/core/common';
import type { PluginFolder } from './plugin-folders';

/** Where core declares and migrates its tables (users, organisations, sessions, audit…). */
const CORE_MIGRATIONS = 'host/server/db/core-migrations.ts';
/** The host's own bookkeeping table, made by the migration runner. */
const RUNNER_TABLES = ['sensorium_migrations'];

/** A table named in code: `pgTable('name'`, or an upper-case SQL keyword followed by the name. */
const TABLE_REFERENCE =
  /pgTable\(\s*'([a-z_][a-z0-9_]*)'|\b(CREATE TABLE(?: IF NOT EXISTS)?|ALTER TABLE(?: IF EXISTS)?|DROP TABLE(?: IF EXISTS)?|INSERT INTO|UPDATE|DELETE FROM|FROM|JOIN|TRUNCATE|REFERENCES|ON)\s+"?([a-z_][a-z0-9_]*)"?/g;
const CREATE_TABLE = /\bCREATE TABLE(?: IF NOT EXISTS)?\s+"?([a-z_][a-z0-9_]*)"?/g;

/** Whether a plugin owns a table: named `<id>` or `<id>_…` (hyphens as underscores), or listed in its manifest. */
export function ownsTable(manifest: PluginManifest, table: string): boolean {
  const prefix = manifest.id.replace(/-/g, '_');
  return table === prefix || table.startsWith(`${prefix}_`) || (manifest.tables ?? []).includes(table);
}

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function createdTables(text: string): string[] {
  return [...text.matchAll(CREATE_TABLE)].map((match) => match[1]!);
}

/**
 * Table ownership: every table belongs to core or to exactly one plugin, and a plugin's server code (tests aside) declares,
 * migrates and queries only its own tables. Others reach them through the owner's service; a foreign key may point at a
 * table of core or of a plugin it depends on.
 */
export function checkTables(root: string, plugins: readonly PluginFolder[]): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const corePath = join(root, CORE_MIGRATIONS);
  const coreTables = existsSync(corePath) ? createdTables(readFileSync(corePath, 'utf8')) : [];
  for (const table of [...coreTables, ...RUNNER_TABLES]) owner.set(table, 'core');

  const filesOf = new Map(
    plugins.map((plugin) => [plugin.manifest.id, sourceFiles(join(root, 'plugins', plugin.folder, 'server'))]),
  );
  for (const plugin of plugins) {
    const { id } = plugin.manifest;
    const claimed = new Set(plugin.manifest.tables ?? []);
    for (const file of filesOf.get(id) ?? []) {
      for (const table of createdTables(readFileSync(file, 'utf8'))) claimed.add(table);
    }
    for (const table of claimed) {
      const previous = owner.get(table);
      if (previous && previous !== id) {
        problems.push(`Table "${table}" is claimed by both "${previous}" and "${id}"; a table has one owner`);
      } else if (!ownsTable(plugin.manifest, table) && !owner.has(table)) {
        problems.push(
          `Plugin "${id}" creates table "${table}": prefix it with "${id.replace(/-/g, '_')}_" or list it in the manifest's tables`,
        );
      }
      if (!previous) owner.set(table, id);
    }
  }

  for (const plugin of plugins) {
    const { id } = plugin.manifest;
    const dependencies = dependencyClosure(id, plugins);
    for (const file of filesOf.get(id) ?? []) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const match of line.matchAll(TABLE_REFERENCE)) {
          const table = match[1] ?? match[3]!;
          const tableOwner = owner.get(table);
          if (!tableOwner || tableOwner === id) continue;
          // Every plugin builds on core, so a foreign key may point at core's tables (users, user_groups…) too.
          if (match[2] === 'REFERENCES' && (tableOwner === 'core' || dependencies.has(tableOwner))) continue;
          problems.push(
            `${relative(root, file)}:${index + 1}: plugin "${id}" uses table "${table}" of ${tableOwner === 'core' ? 'core' : `plugin "${tableOwner}"`}; go through its owner's service`,
          );
        }
      });
    }
  }
  return problems;
}
