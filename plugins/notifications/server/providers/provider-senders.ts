import type { OutboundRequests, SqlExecutor } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import { PROVIDER_CHANNELS, type ProviderChannel } from '../../common/providers';
import { DeliveryRefusedError, type ChannelSender, type RecoveredOutcome } from '../dispatch/channel-sender';
import { sendWithHttp } from './http-sender';
import type { ProviderStore } from './provider-store';
import { findWithTwilio, sendWithTwilio } from './twilio-sender';

export interface ProviderSenderDeps {
  store: ProviderStore;
  outbound: OutboundRequests;
  access: Pick<ApplicationAccess, 'ownerOf'>;
  /** The console's public address, for the callback URLs. */
  publicUrl(): string;
}

const ADAPTERS = { twilio: sendWithTwilio, http: sendWithHttp };
/**
 * What each adapter knows of a send whose try died after its claim: Twilio lists what it sent; a generic gateway
 * cannot be asked, so the delivery ends `unknown` rather than risk a second message.
 */
const RECOVERERS = {
  twilio: findWithTwilio,
  http: async (): Promise<RecoveredOutcome> => 'unknown',
};

/**
 * The sender of one provider channel: it finds the provider of the application's organisation (its own, else the
 * operator's default) and hands the delivery to that provider's adapter. Without a provider
 * the delivery fails, saying so. A try that died after its claim is recovered through the same provider.
 */
export function providerSender(channel: ProviderChannel, deps: ProviderSenderDeps): ChannelSender {
  const providerOf = async (appId: string, tx: SqlExecutor) => {
    const owner = await deps.access.ownerOf(appId, tx);
    const provider = await deps.store.effective(owner?.organisationId ?? null, channel, tx);
    if (!provider) throw new DeliveryRefusedError(`No ${channel} provider is set for the organisation`);
    return provider;
  };
  return {
    channel,
    service: 'provider',
    async send(delivery, tx) {
      const provider = await providerOf(delivery.appId, tx);
      const providerId = await ADAPTERS[provider.kind](deps.outbound, provider, delivery, deps.publicUrl());
      return { status: 'sent', providerId, service: provider.kind };
    },
    async recover(delivery, tx) {
      const provider = await providerOf(delivery.appId, tx);
      return RECOVERERS[provider.kind](deps.outbound, provider, delivery, delivery.updatedAt);
    },
  };
}

export const providerSenders = (deps: ProviderSenderDeps) => PROVIDER_CHANNELS.map((channel) => providerSender(channel, deps));
