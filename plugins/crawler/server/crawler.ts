import {
  HttpError,
  OutboundRequestError,
  type DataSourceAdapter,
  type DataSourceSaveContext,
  PollingSource,
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
export class CrawlerAdapter extends PollingSource<CrawlerTarget> implements DataSourceAdapter {
  readonly type = 'crawler';

  constructor(
    private readonly items: ItemLookup,
    private readonly outbound: OutboundRequests,
    errors: ItemSourceErrors,
    onError: (target: CrawlerTarget, error: unknown) => void = () => {},
  ) {
    super(errors, onError);
  }

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

  protected targets(): Promise<CrawlerTarget[]> {
    return crawlerTargets(this.items);
  }

  protected intervalSec(target: CrawlerTarget): number {
    return target.intervalSec;
  }

  protected read(target: CrawlerTarget, signal?: AbortSignal): Promise<Record<string, unknown>> {
    return fetchFields(this.outbound, target.url, signal);
  }
}
