import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** The channels a provider carries (e-mail goes through the console's SMTP server). */
export const PROVIDER_CHANNELS = ['sms', 'whatsapp', 'voice'] as const;
export type ProviderChannel = (typeof PROVIDER_CHANNELS)[number];

/** `twilio`: Twilio's REST API or a compatible one at another base URL; `http`: any gateway through templates. */
export const PROVIDER_KINDS = ['twilio', 'http'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const HTTP_PROVIDER_METHODS = ['POST', 'PUT', 'GET'] as const;
export type HttpProviderMethod = (typeof HTTP_PROVIDER_METHODS)[number];

export const TWILIO_BASE_URL = 'https://api.twilio.com';
/** How long a call rings before it counts as not answered (accounts §3 "call timeout", value not shown: Twilio's). */
export const DEFAULT_CALL_TIMEOUT_SECONDS = 30;
export const CALL_TIMEOUT_LIMITS = { min: 5, max: 600 } as const;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const isTwilio = (input: ProviderInput) => input.kind === 'twilio';
const isHttp = (input: ProviderInput) => input.kind === 'http';
const httpUrl = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * PUT /notifications/providers (and …/default): one channel's provider, validated by the server and by the settings form
 * alike. The fields of the other kind are ignored. The secret is the Twilio auth token or the HTTP gateway's signing
 * secret; left out or empty, the stored one is kept, because the console never shows it back.
 */
export class ProviderInput {
  @IsIn(PROVIDER_CHANNELS)
  channel!: ProviderChannel;

  @IsIn(PROVIDER_KINDS)
  kind!: ProviderKind;

  /** Twilio: where the REST API is (a compatible provider or a local stand-in); Twilio's own when empty. */
  @Transform(trimmed)
  @IsOptional()
  @IsUrl(httpUrl)
  @MaxLength(500)
  baseUrl?: string;

  @Transform(trimmed)
  @ValidateIf(isTwilio)
  @IsNotEmpty()
  @IsString()
  @MaxLength(64)
  accountSid?: string;

  /** Twilio: the sender number (E.164; WhatsApp's gets its `whatsapp:` prefix when sent). */
  @Transform(trimmed)
  @ValidateIf((input: ProviderInput) => isTwilio(input) && !input.messagingServiceSid)
  @IsNotEmpty()
  @Matches(/^(whatsapp:)?\+[1-9][0-9]{6,14}$/)
  from?: string;

  /** Twilio: a messaging service sends instead of `from` (SMS and WhatsApp). */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(64)
  messagingServiceSid?: string;

  /** HTTP: the gateway's address, a Liquid template (values URL-encoded). */
  @Transform(trimmed)
  @ValidateIf(isHttp)
  @IsNotEmpty()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ValidateIf(isHttp)
  @IsIn(HTTP_PROVIDER_METHODS)
  method?: HttpProviderMethod;

  /** HTTP: one `Name: value` per line, values Liquid templates (`{{ secret }}` is the provider secret). */
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  headers?: string;

  /** HTTP: the body, a Liquid template whose values are JSON-escaped. */
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  body?: string;

  /** HTTP: where the gateway's answer carries the message id, e.g. `data.id` or `messages[0].id`. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  messageIdPath?: string;

  /** Voice: seconds a call rings before it counts as not answered. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(CALL_TIMEOUT_LIMITS.min)
  @Max(CALL_TIMEOUT_LIMITS.max)
  callTimeoutSeconds?: number;

  /** Voice: the language the provider speaks the messages in (`en-US`, `zh-HK`, `cmn-CN`); the provider's default when empty. */
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/)
  sayLanguage?: string;

  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  secret?: string;
}

/** The organisation whose own provider of a channel is removed (DELETE /notifications/providers/:channel). */
export class ProviderChannelParams {
  @IsIn(PROVIDER_CHANNELS)
  channel!: ProviderChannel;
}
