import type { HttpProviderMethod, ProviderChannel, ProviderKind } from './provider-input';

/** What is stored of a provider besides its secret: the fields of its kind. */
export interface ProviderSettings {
  baseUrl?: string;
  accountSid?: string;
  from?: string;
  messagingServiceSid?: string;
  url?: string;
  method?: HttpProviderMethod;
  headers?: string;
  body?: string;
  messageIdPath?: string;
  callTimeoutSeconds?: number;
  sayLanguage?: string;
}

/** One channel's provider as the API shows it: the secret only masked. */
export interface ProviderView {
  channel: ProviderChannel;
  kind: ProviderKind;
  settings: ProviderSettings;
  secretMasked: string | null;
}

/**
 * GET /notifications/providers: the organisation's own providers, and the operator's defaults that carry the channels it
 * has none for. `organisationId` null: a cloud user who named no organisation, who sees (and sets) the defaults.
 */
export interface ProvidersAnswer {
  organisationId: string | null;
  own: ProviderView[];
  defaults: ProviderView[];
}
