import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  currentLogContext,
  withLogContext,
  type Database,
  type DataSourceSink,
  type IngestOutcome,
  type RejectedMessage,
  type SqlExecutor,
  type Uplink,
} from '@sensorium/core/server';
import {
  computeNodeDataFields,
  DeviceRouter,
  hasNodeData,
  type ItemStateStore,
  type NodeDataChild,
} from '@sensorium/nodes/common';
import type { EventBatch, PipelineEventStore } from '../../common/event-store';
import type { AdaptedBatch, AdaptableUplink, PayloadAdapter } from '../../common/payload-adapters';
import type { RuleEvaluator, RuleUplink } from '../../common/rule-evaluators';
import { processUplink, reevaluate, tick, type ProcessResult } from '../../common/processing';
import type { DeadLetter, DeadLetters } from '../dead-letters/dead-letters';
import { receivedPayload, uplinkPayload } from '../dead-letters/payload-text';
import type { HistoryRow } from './history-rows';
import { NO_TELEMETRY, type IngestTelemetry, type UplinkResultName } from './ingest-telemetry';
import { ItemStates, toDate, type ItemState } from './item-state';
import type { LivePush, NodeValue } from './live-push';
import { insertRawRows, type RawRow } from './raw-rows';
import { NO_EVENT_STORE } from './no-events';
import { isPermanentFailure } from './permanent-failure';
import { unstorableReason } from './storable';
import { WriteLanes } from './write-lanes';

export interface IngestOptions {
  /** A batch is written once this many uplinks wait… */
  maxBatch: number;
  /** …or this long after the first one arrived. */
  flushMs: number;
  /** Due items handled per tick. */
  tickLimit: number;
  /**
   * Batches written at once (each in its own transaction, devices partitioned between them): while one lane waits for
   * the database, another prepares or writes its batch.
   */
  writeLanes: number;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = { maxBatch: 500, flushMs: 20, tickLimit: 1000, writeLanes: 2 };

/** Levels of parents whose node data is recomputed after a change (the tree's depth limit). */
const NODE_DATA_LEVELS = 7;

/** How long a parent stays known to have no node data without a refresh (bounds staleness after a restore). */
const NO_NODE_DATA_TTL_MS = 10_000;

type UplinkResult = 'stored' | 'duplicate' | 'unknown' | 'rejected';

interface Waiting {
  uplinks: Uplink[];
  /** When the uplinks were handed over (performance.now), for the latency metric. */
  since: number;
  /** The request that handed them over (HTTP ingest), named in the batch's log lines. */
  reqId: string | undefined;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many request ids are named in a batch's log context. */
const MAX_LOGGED_REQUESTS = 20;

/** Uplinks waiting for their lane's next batch. */
interface Queue {
  waiting: Waiting[];
  count: number;
}

interface Work {
  items: Map<string, ItemState>;
  history: HistoryRow[];
  events: EventBatch;
}

/** How far ahead of this server's clock an uplink's own time may be before it counts as received now. */
const MAX_CLOCK_AHEAD_MS = 60_000;

/**
 * The uplink's own time (its device server's receive time). A missing one, or one further ahead than a clock may drift,
 * is now: a time in the future would hold the item's state until then, every newer uplink counting as older.
 */
function uplinkTime(value: unknown, now: number): Date {
  const date = value instanceof Date ? value : new Date(value as string);
  return Number.isNaN(date.getTime()) || date.getTime() > now + MAX_CLOCK_AHEAD_MS ? new Date(now) : date;
}

/** Whether `candidate` is later than `current` (or there is none). */
function isLater(candidate: Date, current: Date | null): boolean {
  return !current || candidate.getTime() > current.getTime();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The device pipeline's ingest (DataSourceSink): queues uplinks, writes them in batches (one transaction each), runs the
 * field processing, stores raw rows, values, history and events, and pushes live values after commit. Each device's
 * uplinks go to one write lane, whose batches run one at a time; ticks, connection checks and refreshes run alone (see
 * WriteLanes). The rows are locked (FOR UPDATE) when loaded, so an item's state is never processed by two transactions
 * at once, also with other servers sharing the database.
 */
export class IngestService implements DataSourceSink {
  private readonly lanes: WriteLanes;
  private readonly queues: Queue[];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly states: ItemStates;
  /**
   * Parents known to have no node data fields (their recomputation is skipped without loading them); an entry goes when
   * the item is refreshed (a preference was saved), and all of them after NO_NODE_DATA_TTL_MS.
   */
  private readonly noNodeData = new Set<string>();
  private noNodeDataSince = Date.now();
  readonly options: IngestOptions;
  /** Counters since start (for diagnosis and the benchmark). */
  readonly totals = { batches: 0, stored: 0, duplicates: 0, unknown: 0, rejected: 0 };

  constructor(
    private readonly db: Database,
    /** node_items, through the nodes plugin that owns it. */
    items: ItemStateStore,
    private readonly live: LivePush,
    /** Where uplinks and messages that can never be stored go, so they never block a batch. */
    private readonly deadLetters: DeadLetters,
    options: Partial<IngestOptions> = {},
    /** Where range events go (the events plugin's contribution, looked up when used: it registers after this one). */
    private readonly events: () => PipelineEventStore = () => NO_EVENT_STORE,
    /** Event-setting rules over the batch's uplinks (looked up when used, as the event store is). */
    private readonly rules: () => readonly RuleEvaluator[] = () => [],
    /** Device adapter scripts decoding payloads before the processing (looked up when used); none: fields as they came. */
    private readonly payloads: () => PayloadAdapter | null = () => null,
    /** Metrics and the log line of each batch. */
    private readonly telemetry: IngestTelemetry = NO_TELEMETRY,
  ) {
    this.states = new ItemStates(items, events);
    this.options = { ...DEFAULT_INGEST_OPTIONS, ...options };
    this.lanes = new WriteLanes(this.options.writeLanes);
    this.queues = Array.from({ length: this.lanes.count }, () => ({ waiting: [], count: 0 }));
  }

  /** Resolves once every uplink of the call is committed (its parts in several lanes, each with its own batch). */
  ingest(uplinks: Uplink[]): Promise<IngestOutcome> {
    if (uplinks.length === 0) return Promise.resolve({ stored: 0, duplicates: 0, unknown: 0 });
    if (this.closed) return Promise.reject(new Error('The ingest is closed'));
    const parts = new Map<number, Uplink[]>();
    for (const uplink of uplinks) {
      const lane = this.lanes.laneOf(String(uplink.source), String(uplink.deviceId ?? ''));
      const part = parts.get(lane);
      if (part) part.push(uplink);
      else parts.set(lane, [uplink]);
    }
    const outcomes = [...parts].map(([lane, part]) => this.enqueue(lane, part));
    return outcomes.length === 1
      ? outcomes[0]!
      : Promise.all(outcomes).then((all) => ({
          stored: all.reduce((sum, o) => sum + o.stored, 0),
          duplicates: all.reduce((sum, o) => sum + o.duplicates, 0),
          unknown: all.reduce((sum, o) => sum + o.unknown, 0),
        }));
  }

  private enqueue(lane: number, uplinks: Uplink[]): Promise<IngestOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.queues[lane]!;
      queue.waiting.push({ uplinks, since: performance.now(), reqId: currentLogContext()?.reqId, resolve, reject });
      queue.count += uplinks.length;
      if (queue.count >= this.options.maxBatch) this.flushLane(lane);
      else this.timer ??= setTimeout(() => this.flush(), this.options.flushMs);
    });
  }

  /** Starts writing what waits now (each lane's batch still waits for the one before it). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (let lane = 0; lane < this.queues.length; lane++) this.flushLane(lane);
  }

  private flushLane(lane: number): void {
    const queue = this.queues[lane]!;
    if (queue.waiting.length === 0) return;
    const batch = queue.waiting;
    queue.waiting = [];
    queue.count = 0;
    // The batch's log lines (and the jobs it queues) name it, and the requests whose uplinks it holds.
    const reqIds = [...new Set(batch.flatMap((waiting) => (waiting.reqId ? [waiting.reqId] : [])))];
    const context = {
      ingestBatch: randomUUID(),
      ...(reqIds.length > 0 ? { reqIds: reqIds.slice(0, MAX_LOGGED_REQUESTS) } : {}),
    };
    void this.lanes.inLane(lane, () => withLogContext(context, () => this.commit(batch)));
  }

  /** Time-based processing due now (auto resets, stable-by-seconds debounce). Returns the items handled. */
  tick(now: Date = new Date()): Promise<number> {
    return this.lanes.alone(async () => {
      let work: Work | null = null;
      await this.db.transaction(async (tx) => {
        const items = await this.states.due(tx, now.getTime(), this.options.tickLimit);
        work = this.newWork(items);
        for (const item of items) {
          const result = safely(() => tick(item, now, item.runtime));
          if (!result) item.runtime = { fields: item.runtime.fields ?? {} }; // unreadable: do not retry every second
          this.apply(work, item, result, null);
          item.dirty = true; // the runtime (pending work) changed even when no value did
        }
        await this.finish(tx, work, now);
      });
      return work ? this.published(work) : 0;
    });
  }

  /**
   * Re-applies the current preferences (override, ranges, events, node data) to items without a new reading; for the
   * API after a field preference or override change. Returns the items' states as pushed.
   */
  refresh(uuids: readonly string[], now: Date = new Date()): Promise<NodeValue[]> {
    if (uuids.length === 0) return Promise.resolve([]);
    for (const uuid of uuids) this.noNodeData.delete(uuid);
    return this.lanes.alone(async () => {
      let work: Work | null = null;
      await this.db.transaction(async (tx) => {
        const items = await this.states.byUuid(tx, uuids);
        work = this.newWork(items);
        for (const item of items) {
          this.apply(
            work,
            item,
            safely(() => reevaluate(item, now, item.runtime)),
            null,
          );
          item.dirty = true;
        }
        await this.finish(tx, work, now);
      });
      if (!work) return [];
      this.published(work);
      const done: Work = work;
      return uuids
        .map((uuid) => done.items.get(uuid))
        .filter((item): item is ItemState => !!item)
        .map(nodeValue);
    });
  }

  /** Connection timeout: items silent for longer than connectionTimeoutSec turn disconnected (pushed). */
  checkConnections(): Promise<number> {
    return this.lanes.alone(async () => {
      const rows = await this.states.expireConnections(this.db);
      for (const row of rows) {
        this.live.itemChanged(row.appId, {
          uuid: row.uuid,
          outputSimple: row.outputSimple ?? {},
          status: row.status,
          connection: false,
          lastReceiveDate: toDate(row.lastReceiveDate)?.toISOString() ?? null,
          lastValidDate: toDate(row.lastValidDate)?.toISOString() ?? null,
        });
      }
      return rows.length;
    });
  }

  /** Writes what waits, waits for the running work and stops pushing. */
  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    await this.lanes.idle();
    this.live.close();
  }

  /** Keeps messages a data source could not turn into uplinks as dead letters (counted and logged). */
  async reject(messages: RejectedMessage[]): Promise<void> {
    await this.deadLetters.record(
      messages.map((message) => ({
        source: message.source,
        origin: message.origin,
        reason: message.reason,
        detail: message.detail ?? '',
        payload: receivedPayload(message.payload, message.bytes),
        appId: message.applicationId ?? null,
      })),
    );
  }

  /**
   * One batch. Uplinks the database could never hold (unstorableReason) are dead-lettered in the batch's transaction
   * instead of failing it. When the batch still fails, each uplink is tried alone: one failing for its content (a data
   * error) is dead-lettered, and only a failure that is not the uplink's fault (the database is away) leaves its
   * caller's uplinks unacknowledged, to be delivered again.
   */
  private async commit(batch: Waiting[]): Promise<void> {
    const uplinks = batch.flatMap((w) => w.uplinks);
    const started = performance.now();
    let results: (UplinkResult | Error)[];
    try {
      results = await this.write(uplinks);
    } catch {
      results = [];
      for (const uplink of uplinks) {
        const failed = results.find((result): result is Error => result instanceof Error);
        // After a failure that is not the uplink's own, the rest would fail the same way: they are delivered again.
        results.push(failed ?? (await this.writeAlone(uplink)));
      }
    }
    const written = performance.now();
    this.telemetry.written({
      results: results.map((result): UplinkResultName => (result instanceof Error ? 'failed' : result)),
      writeSeconds: (written - started) / 1000,
      latencySeconds: batch.flatMap((waiting) => waiting.uplinks.map(() => (written - waiting.since) / 1000)),
    });
    let offset = 0;
    for (const waiting of batch) {
      const own = results.slice(offset, offset + waiting.uplinks.length);
      offset += waiting.uplinks.length;
      const failure = own.find((result): result is Error => result instanceof Error);
      if (failure) waiting.reject(failure);
      else waiting.resolve(outcomeOf(own as UplinkResult[]));
    }
  }

  /** One uplink in its own transaction; dead-lettered when it fails for its content, the error otherwise. */
  private async writeAlone(uplink: Uplink): Promise<UplinkResult | Error> {
    try {
      return (await this.write([uplink]))[0]!;
    } catch (error) {
      if (!isPermanentFailure(error)) return error instanceof Error ? error : new Error(String(error));
      try {
        await this.deadLetters.record([uplinkLetter(uplink, error instanceof Error ? error.message : String(error))]);
        this.totals.rejected++;
        return 'rejected';
      } catch (recording) {
        return recording instanceof Error ? recording : new Error(String(recording));
      }
    }
  }

  private async write(given: readonly Uplink[]): Promise<UplinkResult[]> {
    const problems = given.map(unstorableReason);
    const letters: DeadLetter[] = given.flatMap((u, i) => (problems[i] ? [uplinkLetter(u, problems[i])] : []));
    const uplinks = given.filter((_, i) => !problems[i]);
    const now = Date.now();
    const prepared = uplinks.map((u) => ({
      u,
      source: String(u.source),
      device: String(u.deviceId ?? '').toLowerCase(),
      key: String(u.dedupKey),
      at: uplinkTime(u.receivedAt, now),
      fields: isRecord(u.fields) ? u.fields : {},
    }));
    const results: UplinkResult[] = prepared.map(() => 'unknown');
    let work: Work | null = null;
    let adapted: AdaptedBatch | null = null;
    await this.db.transaction(async (tx) => {
      const devices = new Map<string, { source: string; deviceId: string }>();
      const names = new Map<string, { appId: string; itemName: string }>();
      for (const p of prepared) {
        devices.set(`${p.source}\u0000${p.device}`, { source: p.source, deviceId: p.device });
        if (p.u.applicationId)
          names.set(`${p.u.applicationId}\u0000${p.u.deviceId}`, {
            appId: p.u.applicationId,
            itemName: String(p.u.deviceId),
          });
      }
      const items = await this.states.byDevice(tx, [...devices.values()], [...names.values()]);
      // A device id may be bound in several device-server applications: the uplink's application picks the item.
      const router = new DeviceRouter(items);
      const byName = new Map<string, ItemState>();
      for (const item of items) byName.set(`${item.appId}\u0000${item.itemName}`, item);
      const targets: (ItemState | undefined)[] = prepared.map((p) => {
        let item = router.route(p.source, p.device, p.u.sourceApplication);
        if (item && p.u.applicationId && item.appId !== p.u.applicationId) item = undefined;
        if (!item && p.u.applicationId) item = byName.get(`${p.u.applicationId}\u0000${p.u.deviceId}`);
        return item;
      });
      await this.states.learnApplications(tx, router.learnt);

      // Raw rows of known devices; a redelivery (same source and dedup key, in this batch or before) is dropped.
      const seen = new Set<string>();
      const rawRows: RawRow[] = [];
      prepared.forEach((p, i) => {
        const item = targets[i];
        if (!item) return;
        const id = `${p.source}\u0000${p.key}`;
        if (seen.has(id)) {
          results[i] = 'duplicate';
          return;
        }
        seen.add(id);
        const meta = isRecord(p.u.meta) ? p.u.meta : undefined;
        rawRows.push({
          app: item.appId,
          item: item.uuid,
          name: item.itemName,
          source: p.source,
          key: p.key,
          at: p.at.toISOString(),
          raw: p.u.raw ?? null,
          payload: { deviceData: { ...p.fields, ...meta }, ...(meta ? { meta } : {}) },
        });
      });
      const inserted = await insertRawRows(tx, rawRows);

      work = this.newWork(items);
      const ruleUplinks: RuleUplink[] = [];
      const processed: number[] = [];
      prepared.forEach((p, i) => {
        const item = targets[i];
        if (!item || results[i] === 'duplicate') return;
        if (!inserted.has(`${p.source}\u0000${p.key}`)) {
          results[i] = 'duplicate';
          return;
        }
        results[i] = 'stored';
        // A disabled item keeps its raw rows but ignores the values.
        if (item.enable) processed.push(i);
      });
      adapted = await this.adapt(
        tx,
        processed.map((i) => ({ p: prepared[i]!, item: targets[i]! })),
      );
      processed.forEach((i, n) => {
        const p = prepared[i]!;
        const item = targets[i]!;
        const payload = adapted?.results[n];
        // A script that failed leaves the raw row and the item's values; the device did talk (connection, receive time).
        if (payload?.kind === 'failed') return this.apply(work!, item, null, p.at);
        const fields = payload?.kind === 'decoded' ? payload.fields : p.fields;
        const result = safely(() => processUplink(item, fields, p.at, item.runtime));
        this.apply(work!, item, result, p.at);
        if (result) ruleUplinks.push(ruleUplink(item, p.at, Object.keys(fields), result.discarded));
      });
      await this.evaluateRules(tx, work, ruleUplinks);
      await this.finish(tx, work, new Date());
      await this.deadLetters.write(tx, letters);
    });
    this.deadLetters.reported(letters);
    this.totals.batches++;
    for (const r of results) this.totals[r === 'stored' ? 'stored' : r === 'duplicate' ? 'duplicates' : 'unknown']++;
    this.totals.rejected += letters.length;
    if (work) this.published(work);
    const committed = (adapted as AdaptedBatch | null)?.committed;
    if (committed) void committed().catch(() => undefined);
    // In the order given: the dead-lettered ones as `rejected`.
    let next = 0;
    return problems.map((problem) => (problem ? 'rejected' : results[next++]!));
  }

  /**
   * The adapter scripts' results for the uplinks about to be processed; null (fields as they came) without an adapter,
   * or when the adapter itself fails: a script problem never stops the pipeline.
   */
  private async adapt(
    tx: SqlExecutor,
    uplinks: readonly {
      p: { source: string; device: string; at: Date; fields: Record<string, unknown>; u: Uplink };
      item: ItemState;
    }[],
  ): Promise<AdaptedBatch | null> {
    const adapter = this.payloads();
    if (!adapter || uplinks.length === 0) return null;
    const given: AdaptableUplink[] = uplinks.map(({ p, item }) => ({
      item: { uuid: item.uuid, appId: item.appId, itemName: item.itemName },
      source: p.source,
      deviceId: p.device,
      at: p.at,
      fields: p.fields,
      raw: p.u.raw ?? null,
    }));
    try {
      const batch = await adapter.adapt(tx, given);
      return batch.results.length === given.length ? batch : null;
    } catch {
      return null;
    }
  }

  private newWork(items: readonly ItemState[]): Work {
    return { items: new Map(items.map((item) => [item.uuid, item])), history: [], events: this.events().batch() };
  }

  /**
   * Takes a processing result into the item's state (the next uplink of the item in the batch continues from it). The
   * receive and valid times only move forward: an uplink older than the item's last one leaves them (and the
   * connection) as they are; the processing left its fields' values alone too.
   */
  private apply(work: Work, item: ItemState, result: ProcessResult | null, received: Date | null): void {
    if (received) {
      item.dirty = true;
      if (isLater(received, item.received ?? item.lastReceiveDate)) item.received = received;
    }
    if (!result) return;
    item.dirty = true;
    item.outputSimple = result.outputSimple;
    item.status = result.status;
    item.runtime = result.runtime;
    item.openEvents = result.openEvents;
    if (received && result.valid && isLater(received, item.valid ?? item.lastValidDate)) item.valid = received;
    if (result.changedFields.length > 0) item.changed = true;
    if (item.storeHistory && result.history.length > 0) {
      const at = (received ?? new Date()).toISOString();
      for (const h of result.history) {
        work.history.push({ u: item.uuid, f: h.field, t: at, v: h.value ?? null, tv: h.textValue ?? null });
      }
    }
    for (const change of result.eventChanges) work.events.add(item, change);
  }

  /** The rules' event changes for the batch's uplinks join the batch's range events. */
  private async evaluateRules(tx: SqlExecutor, work: Work, uplinks: readonly RuleUplink[]): Promise<void> {
    if (uplinks.length === 0) return;
    for (const evaluator of this.rules()) {
      for (const { item, change } of await evaluator.evaluate(tx, uplinks)) work.events.add(item, change);
    }
  }

  /** Node data of the changed items' parents (up the tree), then every write of the batch. */
  private async finish(tx: SqlExecutor, work: Work, now: Date): Promise<void> {
    await this.recomputeParents(tx, work, now);
    const dirty = [...work.items.values()].filter((item) => item.dirty);
    await this.states.write(tx, dirty, work.history);
    if (work.events.size > 0) await work.events.write(tx);
  }

  private async recomputeParents(tx: SqlExecutor, work: Work, now: Date): Promise<void> {
    if (Date.now() - this.noNodeDataSince > NO_NODE_DATA_TTL_MS) {
      this.noNodeData.clear();
      this.noNodeDataSince = Date.now();
    }
    let level = [...work.items.values()].filter((item) => item.changed && item.parentUuid);
    const done = new Set<string>();
    for (let depth = 0; depth < NODE_DATA_LEVELS && level.length > 0; depth++) {
      const parentIds = [...new Set(level.map((item) => item.parentUuid!))].filter(
        (id) => !done.has(id) && (work.items.has(id) || !this.noNodeData.has(id)),
      );
      const missing = parentIds.filter((id) => !work.items.has(id));
      if (missing.length > 0)
        for (const parent of await this.states.byUuid(tx, missing)) {
          work.items.set(parent.uuid, parent);
          if (!hasNodeData(parent.input)) this.noNodeData.add(parent.uuid);
        }
      const parents = parentIds
        .map((id) => work.items.get(id))
        .filter((parent): parent is ItemState => !!parent && parent.enable && hasNodeData(parent.input));
      if (parents.length === 0) return;
      const children = new Map<string, NodeDataChild[]>();
      for (const row of await this.states.children(
        tx,
        parents.map((parent) => parent.uuid),
      )) {
        const current = work.items.get(row.uuid);
        const list = children.get(row.parentUuid) ?? [];
        list.push({ outputSimple: current?.outputSimple ?? row.outputSimple ?? {}, enable: current?.enable ?? row.enable });
        children.set(row.parentUuid, list);
      }
      const next: ItemState[] = [];
      for (const parent of parents) {
        done.add(parent.uuid);
        const computed = computeNodeDataFields(
          parent.input as Parameters<typeof computeNodeDataFields>[0],
          children.get(parent.uuid) ?? [],
        );
        const fields: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(computed)) {
          if (value !== null && parent.outputSimple[field] !== value) fields[field] = value;
        }
        if (Object.keys(fields).length === 0) continue;
        const before = parent.changed;
        parent.changed = false;
        this.apply(
          work,
          parent,
          safely(() => processUplink(parent, fields, nodeDataTime(parent, fields, now), parent.runtime)),
          null,
        );
        if (parent.changed) next.push(parent);
        parent.changed ||= before;
      }
      level = next;
    }
  }

  /** After commit: live values of the written items and event updates. Returns how many items were written. */
  private published(work: Work): number {
    let count = 0;
    for (const item of work.items.values()) {
      if (!item.dirty) continue;
      count++;
      this.live.itemChanged(item.appId, nodeValue(item));
    }
    for (const appId of work.events.apps) this.live.eventsChanged(appId);
    return count;
  }
}

/** An uplink as rules see it: its fields' shown values right after it was processed (a later uplink changes them). */
function ruleUplink(item: ItemState, at: Date, fields: readonly string[], discarded: readonly string[]): RuleUplink {
  const values: Record<string, unknown> = {};
  for (const field of fields) if (!discarded.includes(field)) values[field] = item.outputSimple[field];
  return {
    device: {
      uuid: item.uuid,
      appId: item.appId,
      itemName: item.itemName,
      itemDisplayName: item.itemDisplayName,
      deviceType: item.deviceType,
      tags: item.tags,
      location: item.location ?? '',
      input: item.input,
    },
    at,
    values,
  };
}

function nodeValue(item: ItemState): NodeValue {
  return {
    uuid: item.uuid,
    outputSimple: item.outputSimple,
    status: item.status,
    connection: item.received ? true : item.connection,
    lastReceiveDate: (item.received ?? item.lastReceiveDate)?.toISOString() ?? null,
    lastValidDate: (item.valid ?? item.lastValidDate)?.toISOString() ?? null,
  };
}

/**
 * When a parent's recomputed node data counts as read: now, or the time its fields already show when that is later.
 * Node data comes from the children as they are now, so it is never older than what the parent shows; but the batch's
 * `now` was taken before it waited for the parent's lock, and the lane (or server) that held the lock may have stamped
 * the fields later, which would make the processing drop the new values as a late reading.
 */
function nodeDataTime(parent: ItemState, fields: Record<string, unknown>, now: Date): Date {
  let latest = now.getTime();
  for (const field of Object.keys(fields)) latest = Math.max(latest, parent.runtime.fields?.[field]?.at ?? latest);
  return new Date(latest);
}

/** A processing failure (a preference the code cannot read) skips that item's processing instead of failing the batch. */
function safely(run: () => ProcessResult): ProcessResult | null {
  try {
    return run();
  } catch {
    return null;
  }
}

function outcomeOf(results: readonly UplinkResult[]): IngestOutcome {
  const outcome: IngestOutcome = { stored: 0, duplicates: 0, unknown: 0 };
  let rejected = 0;
  for (const r of results) {
    if (r === 'stored') outcome.stored++;
    else if (r === 'duplicate') outcome.duplicates++;
    else if (r === 'rejected') rejected++;
    else outcome.unknown++;
  }
  return rejected > 0 ? { ...outcome, rejected } : outcome;
}

/** The dead letter of an uplink that cannot be stored. */
function uplinkLetter(uplink: Uplink, problem: string): DeadLetter {
  return {
    source: String(uplink.source),
    origin: `device ${String(uplink.deviceId)}`,
    reason: 'unstorable',
    detail: problem,
    payload: uplinkPayload(uplink.raw ?? uplink.fields),
    appId: uplink.applicationId ?? null,
  };
}
