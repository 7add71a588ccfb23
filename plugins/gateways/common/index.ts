import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';

export * from './i18n';
export * from './network-servers';

/** Gateway types (node spec §3.4); chirpstack is the default. */
export const GATEWAY_TYPES = ['chirpstack', 'ttn'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];
export const DEFAULT_GATEWAY_TYPE: GatewayType = 'chirpstack';

/** A gateway id (node spec §5): 6 hex characters, FFFE, 6 hex characters (a gateway EUI built from its MAC address). */
export const GATEWAY_ID_PATTERN = /^[0-9a-fA-F]{6}[fF]{3}[eE][0-9a-fA-F]{6}$/;

/**
 * A gateway not heard from for this long is offline (10 minutes: ChirpStack's gateways report statistics every 30 s by
 * default and The Things Stack's every 30–60 s, so several reports in a row were missed).
 */
export const GATEWAY_OFFLINE_AFTER_MS = 10 * 60 * 1000;

/** Rows per page of the gateway table (node spec §9). */
export const GATEWAY_PAGE_SIZE = 10;

export type GatewayStatus = 'online' | 'offline' | 'never-seen';

/** Online when heard from within GATEWAY_OFFLINE_AFTER_MS of `now`, offline after, never-seen without a time. */
export function gatewayStatus(lastSeen: string | null, now = Date.now()): GatewayStatus {
  if (!lastSeen) return 'never-seen';
  return now - Date.parse(lastSeen) <= GATEWAY_OFFLINE_AFTER_MS ? 'online' : 'offline';
}

/** A gateway as the calls of node spec §7.1 answer it (§3.4). */
export interface Gateway {
  id: string;
  name: string;
  description: string;
  type: GatewayType;
  gatewayId: string;
  remark: string;
  /** When the network server last heard from the gateway (ISO), or null. */
  latest_package_update: string | null;
  status: GatewayStatus;
  /** Whether the gateway is kept at the network server of its type too (its API is configured). */
  synced: boolean;
  organisationId: string | null;
}

/** Body of POST /chirpstack/updateGateway/ (node spec §7.1): add, or edit the gateway `id`. */
export class UpdateGatewayInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'gateways.validation.nameRequired' })
  @MaxLength(100)
  name!: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @IsIn(GATEWAY_TYPES, { message: 'gateways.validation.type' })
  type?: GatewayType;

  @Trim()
  @IsString({ message: 'gateways.validation.gatewayIdRequired' })
  @IsNotBlank({ message: 'gateways.validation.gatewayIdRequired' })
  @Matches(GATEWAY_ID_PATTERN, { message: 'gateways.validation.gatewayIdFormat' })
  gatewayId!: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  remark?: string;

  @IsIn(['add', 'edit'])
  action!: 'add' | 'edit';

  /** The gateway to edit (action edit). */
  @ValidateIf((input: UpdateGatewayInput) => input.action === 'edit' || input.id !== undefined)
  @IsUUID()
  id?: string;
}

/** Body of getGatewayById and deleteGatewayByid. */
export class GatewayIdInput {
  @IsUUID()
  id!: string;
}

/** Body of checkByGatewayId. */
export class CheckGatewayIdInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'gateways.validation.gatewayIdRequired' })
  @MaxLength(32)
  gatewayId!: string;
}

/** Answer of checkByGatewayId: success true means a gateway with that id already exists. */
export interface CheckGatewayIdAnswer {
  success: boolean;
}
