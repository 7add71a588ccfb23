import {
  HttpError,
  OutboundRequestError,
  type DataSourceAdapter,
  type DataSourceSaveContext,
  type DeviceServerAccess,
  PollingSource,
  type OutboundRequests,
} from '@sensorium/core/server';
import type { ItemLookup, ItemSourceErrors } from '@sensorium/nodes/common';
import { hostnameOf, readSensorChannels, SENSOR_ID_PATTERN } from './prtg-api';

/** PRTG scans a sensor every 60 s by default: polling it more often shows nothing new. */
export const DEFAULT_POLL_SEC = 60;

/** An enabled PRTG item: the PRTG server its host names and the sensor whose channels become its fields. */
export interface PrtgTarget {
  uuid: string;
  appId: string;
  itemName: string;
  /** The host name of dataSource.host; null when it names none. */
  host: string | null;
  /** dataSource.sensorId (the wizard's Sensor ID). */
  sensorId: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The PRTG source: a job calls `poll` every few seconds; each enabled PRTG item is read when `intervalSec` has passed,
 * with the PRTG API settings of the item's organisation (its own, else the operator's). The token goes only to the API
 * address of those settings, and only for items whose host names that server, so an item cannot send it elsewhere. A
 * failed read is kept on its item (ItemSourceErrors), which shows it until a later read is ingested.
 */
export class PrtgAdapter extends PollingSource<PrtgTarget> implements DataSourceAdapter {
  readonly type = 'prtg';

  constructor(
    private readonly items: ItemLookup,
    private readonly outbound: OutboundRequests,
    /** The PRTG API settings that apply to an application's items. */
    private readonly access: (appId: string) => Promise<DeviceServerAccess>,
    errors: ItemSourceErrors,
    onError: (target: PrtgTarget, error: Error) => void = () => {},
    private readonly pollSec = DEFAULT_POLL_SEC,
  ) {
    super(errors, onError);
  }

  /**
   * Refuses, when the item is saved, what the wizard's form refuses (no host: 'Please enter the host.'; a sensor id that
   * is no number) and a host the outbound guard would refuse (loopback, private and metadata addresses, unless
   * SENSORIUM_OUTBOUND_ALLOW opens them): a 400 naming the field. A host that does not resolve now is accepted.
   */
  async validateDataSource(dataSource: Record<string, unknown>, { field }: DataSourceSaveContext): Promise<void> {
    if (!text(dataSource.host)) throw HttpError.badRequest('prtg.errors.host', `${field}.host`);
    const host = hostnameOf(dataSource.host);
    if (!host) throw HttpError.badRequest('prtg.errors.hostInvalid', `${field}.host`);
    if (!SENSOR_ID_PATTERN.test(text(dataSource.sensorId))) {
      throw HttpError.badRequest('prtg.errors.sensorId', `${field}.sensorId`);
    }
    try {
      await this.outbound.check(`https://${host}/`);
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      if (error.reason === 'address-refused') throw HttpError.badRequest('prtg.errors.addressRefused', `${field}.host`, { host });
      if (error.reason === 'bad-url') throw HttpError.badRequest('prtg.errors.hostInvalid', `${field}.host`);
    }
  }

  protected intervalSec(): number {
    return this.pollSec;
  }

  protected async targets(): Promise<PrtgTarget[]> {
    const rows = await this.items.enabledItemsOfSource('prtg');
    return rows.map((row) => ({
      uuid: row.uuid,
      appId: row.appId,
      itemName: row.itemName,
      host: hostnameOf(row.dataSource?.host),
      sensorId: text(row.dataSource?.sensorId),
    }));
  }

  protected async read(target: PrtgTarget, signal?: AbortSignal): Promise<Record<string, unknown>> {
    signal?.throwIfAborted();
    if (!target.host) throw new Error('The item names no PRTG host');
    if (!SENSOR_ID_PATTERN.test(target.sensorId)) throw new Error('The item names no PRTG sensor id (a number)');
    const { apiUrl, secret } = await this.access(target.appId);
    if (!apiUrl || !secret) {
      throw new Error(
        'No PRTG API address and token are set (Organisation Settings > PRTG API, or PRTG_API_URL and PRTG_API_TOKEN)',
      );
    }
    const settingsHost = hostnameOf(apiUrl);
    if (settingsHost !== target.host) {
      throw new Error(`The PRTG API settings are for ${settingsHost ?? apiUrl}, not for the item's host ${target.host}`);
    }
    return readSensorChannels(this.outbound, apiUrl, target.sensorId, secret);
  }
}
