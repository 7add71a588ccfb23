import { createToken } from '@sensorium/core/common';

/** Why an item's source gave no data the last time it was asked (a polled URL that failed, answered no JSON…). */
export interface SourceError {
  /** As the source's plugin words it, e.g. `"ok" is not valid JSON`. */
  message: string;
  /** When it failed (ISO). */
  at: string;
}

export interface SourceFailure {
  uuid: string;
  message: string;
  at: Date;
}

/**
 * The last failure of each item's source, for the data sources that fetch their data themselves (crawler, PRTG…): kept
 * on the item, which shows it, until the source answers again. Provided by the nodes plugin.
 */
export interface ItemSourceErrors {
  /** Keeps each item's latest failure, replacing the one before. */
  failed(failures: readonly SourceFailure[]): Promise<void>;
  /** Forgets the failures of these items: their source answered again. */
  succeeded(uuids: readonly string[]): Promise<void>;
}
export const ItemSourceErrorsToken = createToken<ItemSourceErrors>('nodes.item-source-errors');
