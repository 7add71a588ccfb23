import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Trim } from './text-rules';

/**
 * What the console shows of an organisation's settings for one device server (ChirpStack, The Things Stack): never the
 * secret, only its last characters.
 */
export interface DeviceServerSettingsView {
  /** The organisation the answer is about; null for the operator's own applications. */
  organisationId: string | null;
  /** The organisation's own API address; null when it uses the operator's. */
  apiUrl: string | null;
  /** `••••` and the last 4 characters of the organisation's own secret; null when none is set. */
  secretMasked: string | null;
  /** The operator's default (from the environment), which applies while the organisation has none of its own. */
  operator: { apiUrl: string | null; secretSet: boolean };
}

/** PUT /{source}/server-settings: validated by the server and by the console's form alike. */
export class DeviceServerSettingsInput {
  @Trim()
  @IsNotEmpty()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(2048)
  apiUrl!: string;

  /**
   * The API token or key. Left out or empty, the stored one is kept: the console never shows it back, so changing only
   * the address must not need it again.
   */
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  secret?: string;
}
