import { HttpError, OutboundRequestError, type DeviceServerAccess, type OutboundRequests } from '@sensorium/core/server';
import type { GatewayType } from '../common';

/** What a network server is told about a gateway. */
export interface GatewayFacts {
  /** Upper-case hex EUI (node spec §5). */
  gatewayId: string;
  name: string;
  description: string;
}

/** A network server's gateway API, reached with one organisation's settings. */
export interface NetworkServerGateways {
  readonly server: string;
  create(gateway: GatewayFacts): Promise<void>;
  update(gateway: GatewayFacts): Promise<void>;
  /** A gateway already gone counts as deleted. */
  remove(gatewayId: string): Promise<void>;
  /** When the network server last heard from the gateway; null when never (or not connected now). */
  lastSeen(gatewayId: string): Promise<Date | null>;
}

export interface NetworkServerOptions {
  chirpstackTenantId: string | null;
  ttsOwner: string | null;
  ttsFrequencyPlan: string;
}

interface Answer {
  status: number;
  body: unknown;
}

/** One JSON call through core's outbound guard; refusals and network failures become a 502 naming the server. */
async function call(
  outbound: OutboundRequests,
  server: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  try {
    const response = await outbound.fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 10_000,
    });
    const text = response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    const message = error instanceof OutboundRequestError ? error.message : (error as Error).message;
    throw new HttpError(502, 'gateways.errors.networkServer', { server, message });
  }
}

/** The network server's own words for a refusal (grpc-gateway and TTS answer `{message}`). */
function refusal(server: string, answer: Answer, field?: string): HttpError {
  if (answer.status === 409) return HttpError.badRequest('gateways.validation.gatewayIdTaken', 'gatewayId');
  const message = (answer.body as { message?: unknown } | null)?.message ?? (typeof answer.body === 'string' ? answer.body : '');
  return new HttpError(
    502,
    'gateways.errors.networkServer',
    { server, message: `${answer.status} ${String(message)}`.trim() },
    field,
  );
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

function latest(...values: unknown[]): Date | null {
  const times = values
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => Date.parse(value));
  const valid = times.filter((time) => Number.isFinite(time));
  return valid.length === 0 ? null : new Date(Math.max(...valid));
}

/**
 * ChirpStack v4 through its REST proxy (chirpstack-rest-api): `POST /api/gateways`, `GET/PUT/DELETE /api/gateways/{id}`
 * (ids in lower-case hex), the API token as grpc-gateway metadata and as Authorization. `lastSeenAt` of GET is the last
 * time the gateway reported.
 */
export class ChirpStackGateways implements NetworkServerGateways {
  readonly server = 'ChirpStack';
  private readonly headers: Record<string, string>;

  constructor(
    private readonly outbound: OutboundRequests,
    private readonly access: { apiUrl: string; secret: string },
    private readonly tenantId: string | null,
  ) {
    this.headers = { 'Grpc-Metadata-Authorization': `Bearer ${access.secret}`, Authorization: `Bearer ${access.secret}` };
  }

  private url(path: string) {
    return `${this.access.apiUrl}${path}`;
  }

  private async tenant(): Promise<string> {
    if (this.tenantId) return this.tenantId;
    const answer = await call(this.outbound, this.server, 'GET', this.url('/api/tenants?limit=1&offset=0'), this.headers);
    if (!ok(answer)) throw refusal(this.server, answer);
    const first = (answer.body as { result?: { id?: unknown }[] } | null)?.result?.[0]?.id;
    if (typeof first !== 'string' || !first) throw new HttpError(502, 'gateways.errors.noTenant');
    return first;
  }

  async create(gateway: GatewayFacts): Promise<void> {
    const tenantId = await this.tenant();
    const answer = await call(this.outbound, this.server, 'POST', this.url('/api/gateways'), this.headers, {
      gateway: {
        gatewayId: gateway.gatewayId.toLowerCase(),
        name: gateway.name,
        description: gateway.description,
        tenantId,
        statsInterval: 30,
        tags: {},
        metadata: {},
      },
    });
    if (!ok(answer)) throw refusal(this.server, answer);
  }

  async update(gateway: GatewayFacts): Promise<void> {
    const path = this.url(`/api/gateways/${encodeURIComponent(gateway.gatewayId.toLowerCase())}`);
    const current = await call(this.outbound, this.server, 'GET', path, this.headers);
    if (current.status === 404) return this.create(gateway);
    if (!ok(current)) throw refusal(this.server, current);
    const kept = (current.body as { gateway?: Record<string, unknown> } | null)?.gateway ?? {};
    const answer = await call(this.outbound, this.server, 'PUT', path, this.headers, {
      gateway: { ...kept, gatewayId: gateway.gatewayId.toLowerCase(), name: gateway.name, description: gateway.description },
    });
    if (!ok(answer)) throw refusal(this.server, answer);
  }

  async remove(gatewayId: string): Promise<void> {
    const answer = await call(
      this.outbound,
      this.server,
      'DELETE',
      this.url(`/api/gateways/${encodeURIComponent(gatewayId.toLowerCase())}`),
      this.headers,
    );
    if (!ok(answer) && answer.status !== 404) throw refusal(this.server, answer);
  }

  async lastSeen(gatewayId: string): Promise<Date | null> {
    const answer = await call(
      this.outbound,
      this.server,
      'GET',
      this.url(`/api/gateways/${encodeURIComponent(gatewayId.toLowerCase())}`),
      this.headers,
    );
    if (answer.status === 404) return null;
    if (!ok(answer)) throw refusal(this.server, answer);
    return latest((answer.body as { lastSeenAt?: unknown } | null)?.lastSeenAt);
  }
}

/**
 * The Things Stack v3 HTTP API: created under the owning user or organisation (`POST /api/v3/{users|organizations}/{id}/
 * gateways`), changed with `PUT /api/v3/gateways/{id}` and a field mask, deleted with `DELETE /api/v3/gateways/{id}`; the
 * gateway id is TTS's default `eui-<eui in lower case>`. Last seen: the Gateway Server's connection statistics (404 while
 * the gateway is not connected).
 */
export class TtsGateways implements NetworkServerGateways {
  readonly server = 'The Things Stack';
  private readonly headers: Record<string, string>;

  constructor(
    private readonly outbound: OutboundRequests,
    private readonly access: { apiUrl: string; secret: string },
    private readonly options: { owner: string | null; frequencyPlan: string },
  ) {
    this.headers = { Authorization: `Bearer ${access.secret}` };
  }

  static ttsId(gatewayId: string): string {
    return `eui-${gatewayId.toLowerCase()}`;
  }

  private url(path: string) {
    return `${this.access.apiUrl}/api/v3${path}`;
  }

  private async owner(): Promise<string> {
    if (this.options.owner) return this.options.owner.replace(/^\/+|\/+$/g, '');
    const answer = await call(this.outbound, this.server, 'GET', this.url('/auth_info'), this.headers);
    if (!ok(answer)) throw refusal(this.server, answer);
    const ids = (answer.body as { api_key?: { entity_ids?: Record<string, Record<string, unknown>> } } | null)?.api_key
      ?.entity_ids;
    const user = ids?.user_ids?.user_id;
    const organisation = ids?.organization_ids?.organization_id;
    if (typeof user === 'string' && user) return `users/${user}`;
    if (typeof organisation === 'string' && organisation) return `organizations/${organisation}`;
    throw new HttpError(502, 'gateways.errors.noOwner');
  }

  async create(gateway: GatewayFacts): Promise<void> {
    const owner = await this.owner();
    const answer = await call(this.outbound, this.server, 'POST', this.url(`/${owner}/gateways`), this.headers, {
      gateway: {
        ids: { gateway_id: TtsGateways.ttsId(gateway.gatewayId), eui: gateway.gatewayId.toUpperCase() },
        name: gateway.name,
        description: gateway.description,
        frequency_plan_id: this.options.frequencyPlan,
        frequency_plan_ids: [this.options.frequencyPlan],
        gateway_server_address: new URL(this.access.apiUrl).hostname,
        enforce_duty_cycle: true,
        status_public: false,
        location_public: false,
      },
    });
    if (!ok(answer)) throw refusal(this.server, answer);
  }

  async update(gateway: GatewayFacts): Promise<void> {
    const id = TtsGateways.ttsId(gateway.gatewayId);
    const answer = await call(this.outbound, this.server, 'PUT', this.url(`/gateways/${encodeURIComponent(id)}`), this.headers, {
      gateway: { ids: { gateway_id: id }, name: gateway.name, description: gateway.description },
      field_mask: { paths: ['name', 'description'] },
    });
    if (answer.status === 404) return this.create(gateway);
    if (!ok(answer)) throw refusal(this.server, answer);
  }

  async remove(gatewayId: string): Promise<void> {
    const id = TtsGateways.ttsId(gatewayId);
    const answer = await call(
      this.outbound,
      this.server,
      'DELETE',
      this.url(`/gateways/${encodeURIComponent(id)}`),
      this.headers,
    );
    if (!ok(answer) && answer.status !== 404) throw refusal(this.server, answer);
  }

  async lastSeen(gatewayId: string): Promise<Date | null> {
    const id = TtsGateways.ttsId(gatewayId);
    const answer = await call(
      this.outbound,
      this.server,
      'GET',
      this.url(`/gs/gateways/${encodeURIComponent(id)}/connection/stats`),
      this.headers,
    );
    if (answer.status === 404) return null;
    if (!ok(answer)) throw refusal(this.server, answer);
    const stats = answer.body as Record<string, unknown> | null;
    return latest(stats?.last_status_received_at, stats?.last_uplink_received_at, stats?.connected_at);
  }
}

/** The network server of a gateway type with the organisation's settings, or null when its API is not configured. */
export function networkServerFor(
  type: GatewayType,
  access: DeviceServerAccess,
  outbound: OutboundRequests,
  options: NetworkServerOptions,
): NetworkServerGateways | null {
  if (!access.apiUrl || !access.secret) return null;
  const settings = { apiUrl: access.apiUrl.replace(/\/+$/, ''), secret: access.secret };
  return type === 'chirpstack'
    ? new ChirpStackGateways(outbound, settings, options.chirpstackTenantId)
    : new TtsGateways(outbound, settings, { owner: options.ttsOwner, frequencyPlan: options.ttsFrequencyPlan });
}
