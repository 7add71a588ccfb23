import {
  HttpError,
  OutboundRequestError,
  type DataSourceAdapter,
  type DataSourceSaveContext,
  type DataSourceSink,
  pollDueItems,
  type OutboundRequests,
} from '@sensorium/core/server';
import { isHttpUrl, type ItemLookup, type ItemSourceErrors } from '@sensorium/nodes/common';

export const DEFAULT_INTERVAL_SEC = 60;
export const MIN_INTERVAL_SEC = 1;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1_000_000;

export interface CrawlerTarget {
  uuid: string;
  appId: string;
  itemName: string;
  url: string;
  intervalSec: number;
}

function intervalOf(dataSource: Record<string, unknown>): number {
  const value = Number(dataSource.intervalSec ?? dataSource.interval ?? DEFAULT_INTERVAL_SEC);
  return Number.isFinite(value) && value >= MIN_INTERVAL_SEC ? value : DEFAULT_INTERVAL_SEC;
}

/** Enabled crawler items with an http(s) target URL (through the nodes plugin's item lookup). */
export async function crawlerTargets(items: ItemLookup): Promise<CrawlerTarget[]> {
  const rows = await items.enabledItemsOfSource('crawler');
  const targets: CrawlerTarget[] = [];
  for (const row of rows) {
    const dataSource = (row.dataSource ?? {}) as Record<string, unknown>;
    const url = dataSource.url ?? dataSource.targetUrl;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) continue;
    targets.push({ uuid: row.uuid, appId: row.appId, itemName: row.itemName, url, intervalSec: intervalOf(dataSource) });
  }
  return targets;
}

/**
 * Fetches one target through core's outbound guard (a target URL is a user's say: loopback, private and metadata
 * addresses are refused, each redirect checked, the answer capped while it streams) and answers its JSON object, or
 * throws saying why not (an OutboundRequestError carries the refusal's reason).
 */
export async function fetchFields(
  outbound: OutboundRequests,
  url: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const response = await outbound.fetch(url, {
    headers: { accept: 'application/json' },
    signal,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_BODY_BYTES,
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = JSON.parse(response.text());
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`${url} answered no JSON object`);
  return body as Record<string, unknown>;
}

/**
 * The crawler source. A job (one instance at a time across a cluster) calls `poll` every few seconds; each enabled
 * crawler item is fetched when its interval has passed, and what it answers is ingested as the item's field values. A
 * failed fetch is kept on its item (ItemSourceErrors), which shows it until a later fetch is ingested.
 */
export class CrawlerAdapter implements DataSourceAdapter {
  readonly type = 'crawler';
  private sink: DataSourceSink | null = null;
  private readonly lastPoll = new Map<string, number>();

  constructor(
    private readonly items: ItemLookup,
    private readonly outbound: OutboundRequests,
    private readonly errors: ItemSourceErrors,
    private readonly onError: (target: CrawlerTarget, error: unknown) => void = () => {},
  ) {}

  /**
   * Refuses a target when the item is saved, as the wizard's form would (none: 'Please fill out the form.', not http(s):
   * 'Invalid URL.'), and one the outbound guard would refuse (loopback, private, metadata addresses): a 400 naming the
   * URL field. A host that does not resolve now is accepted; every fetch checks it again.
   */
  async validateDataSource(dataSource: Record<string, unknown>, { field }: DataSourceSaveContext): Promise<void> {
    const key = dataSource.url === undefined && dataSource.targetUrl !== undefined ? 'targetUrl' : 'url';
    const url = dataSource[key];
    const at = `${field}.${key}`;
    if (typeof url !== 'string' || url.trim() === '') throw HttpError.badRequest('crawler.errors.fillOut', at);
    if (!isHttpUrl(url)) throw HttpError.badRequest('crawler.errors.url', at);
    try {
      await this.outbound.check(url);
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      if (error.reason === 'bad-url') throw HttpError.badRequest('crawler.errors.url', at);
      if (error.reason === 'address-refused') {
        throw HttpError.badRequest('crawler.errors.addressRefused', at, { host: new URL(url).hostname });
      }
    }
  }

  async start(sink: DataSourceSink): Promise<void> {
    this.sink = sink;
  }

  async stop(): Promise<void> {
    this.sink = null;
  }

  /** Fetches the due targets in parallel and ingests what they answered in one batch. */
  async poll(signal?: AbortSignal): Promise<number> {
    const sink = this.sink;
    if (!sink) return 0;
    return pollDueItems({
      source: 'crawler',
      sink,
      targets: await crawlerTargets(this.items),
      lastPoll: this.lastPoll,
      intervalSec: (target) => target.intervalSec,
      read: (target) => fetchFields(this.outbound, target.url, signal),
      errors: this.errors,
      onError: this.onError,
    });
  }
}
