import type { ConsoleSettings, Database, OutboundRequests, ServerPluginContext } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { EventStore } from '@sensorium/events/common';
import { callbackRoutes } from '../callbacks/callback-routes';
import type { DispatchPart } from '../dispatch';
import { providerRoutes } from './provider-routes';
import { providerSenders } from './provider-senders';
import { ProviderStore } from './provider-store';

export interface ProvidersPartDeps {
  db: Database;
  outbound: OutboundRequests;
  settings: ConsoleSettings;
  access: ApplicationAccess;
  events: EventStore;
}

/**
 * The providers part: SMS, WhatsApp and voice senders plugged into dispatch (each organisation's provider, else the
 * operator's default: Twilio-compatible or a generic HTTP gateway), the provider settings routes, and the providers'
 * callbacks (status, the voice call's TwiML and its key press).
 */
export function registerProviders(context: ServerPluginContext, deps: ProvidersPartDeps, dispatch: DispatchPart): void {
  const { db, outbound, settings, access, events } = deps;
  const store = new ProviderStore(db);
  const publicUrl = () => settings.publicUrl();
  for (const sender of providerSenders({ store, outbound, access, publicUrl })) dispatch.senders.add(sender);
  for (const route of providerRoutes(db, store)) context.addRoute(route);
  for (const route of callbackRoutes({ db, store, access, events, publicUrl, changed: dispatch.changed }))
    context.addRoute(route);
}
