import type { SqlExecutor } from '@sensorium/core/server';
import type { AdaptableUplink, AdaptedBatch, AdaptedPayload, PayloadAdapter } from '@sensorium/device-pipeline/common';
import type { ItemSourceErrors, SourceFailure } from '@sensorium/nodes/common';
import type { ScriptError } from '../../common/types';
import type { IsolatedSandbox } from '../sandbox/isolated-sandbox';
import type { RunRequest } from '../sandbox/sandbox';
import { decodeInput } from './decode-input';
import type { HelperActions, ItemHelperCall } from './helper-actions';
import type { ItemProfiles } from './item-profiles';
import type { ScriptIndex } from './script-index';

/** The item error's text: the script's message with its line, as the item panel shows it. */
export function errorText(error: ScriptError): string {
  const where = error.line ? ` (line ${error.line}${error.column ? `, column ${error.column}` : ''})` : '';
  return `Adapter script: ${error.message}${where}`;
}

/**
 * The pipeline's payload adapter (device-pipeline.payload-adapters/v1): each stored uplink of an item with a script
 * (the item's own, else its device profile's) is decoded in the sandbox; its fields replace the source's. A script
 * that fails leaves the uplink raw and its error on the item (nodes' ItemSourceErrors); the next success clears it.
 */
export class ScriptedPayloads implements PayloadAdapter {
  /** Items this server recorded a script error for, cleared on their next decoded uplink. */
  private readonly erroredItems = new Set<string>();

  constructor(
    private readonly sandbox: IsolatedSandbox,
    private readonly index: ScriptIndex,
    private readonly profiles: ItemProfiles,
    private readonly sourceErrors: ItemSourceErrors,
    private readonly helpers: HelperActions,
  ) {}

  async adapt(tx: SqlExecutor, uplinks: readonly AdaptableUplink[]): Promise<AdaptedBatch> {
    await this.index.refresh(tx);
    if (this.index.empty) return { results: uplinks.map(() => ({ kind: 'unchanged' })) };
    // The script of each uplink: the item's own, else its profile's; the runs go to the sandbox's thread in one message.
    const requests: RunRequest[] = [];
    const scripted: number[] = [];
    uplinks.forEach((uplink, index) => {
      const { item } = uplink;
      const profile = this.index.hasProfileScripts ? this.profiles.profileOf(item.appId, item.uuid) : undefined;
      const script = this.index.item(item.uuid) ?? (profile ? this.index.profile(profile) : undefined);
      if (!script) return;
      scripted.push(index);
      requests.push({
        key: script.sourceKey,
        source: script.source,
        fn: 'decode',
        input: decodeInput(uplink),
        rateKey: item.appId,
      });
    });
    const results: AdaptedPayload[] = uplinks.map(() => ({ kind: 'unchanged' }));
    if (requests.length === 0) return { results };
    const runs = await this.sandbox.run(requests);
    const failures = new Map<string, SourceFailure>();
    const recovered = new Set<string>();
    const calls: ItemHelperCall[] = [];
    scripted.forEach((index, n) => {
      const uplink = uplinks[index]!;
      const { item } = uplink;
      const run = runs[n]!;
      if (run.error || !run.fields) {
        const message = errorText(run.error ?? { kind: 'output', message: 'no fields', line: null, column: null });
        failures.set(item.uuid, { uuid: item.uuid, message, at: uplink.at });
        recovered.delete(item.uuid);
        results[index] = { kind: 'failed' };
        return;
      }
      failures.delete(item.uuid);
      if (this.erroredItems.has(item.uuid)) recovered.add(item.uuid);
      for (const call of run.helperCalls) calls.push({ item, call });
      results[index] = { kind: 'decoded', fields: run.fields };
    });
    if (failures.size === 0 && recovered.size === 0 && calls.length === 0) return { results };
    return {
      results,
      // After commit: node_items rows are locked by the batch until then, and helpers never run for a rolled-back batch.
      committed: async () => {
        if (failures.size > 0) {
          await this.sourceErrors.failed([...failures.values()]);
          for (const uuid of failures.keys()) this.erroredItems.add(uuid);
        }
        if (recovered.size > 0) {
          await this.sourceErrors.succeeded([...recovered]);
          for (const uuid of recovered) this.erroredItems.delete(uuid);
        }
        await this.helpers.perform(calls);
      },
    };
  }
}
