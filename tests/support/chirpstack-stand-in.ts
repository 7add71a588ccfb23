import { readJson, send, startHttpStandIn } from './http-stand-in';

/** A gateway as the ChirpStack stand-in keeps it (ChirpStack v4 REST `Gateway`). */
export interface StandInChirpStackGateway {
  gatewayId: string;
  name: string;
  description: string;
  tenantId: string;
  statsInterval?: number;
  [key: string]: unknown;
}

export interface ChirpStackStandIn {
  /** http://127.0.0.1:<port>, the REST API address to configure. */
  url: string;
  token: string;
  tenantId: string;
  gateways: Map<string, StandInChirpStackGateway>;
  /** Last seen per gateway id (lower case), as GET /api/gateways/{id} answers `lastSeenAt`. */
  lastSeen: Map<string, string>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A STAND-IN for the chirpstack-rest-api proxy of ChirpStack v4, for tests only: the gateway calls of
 * docs/gateways.md (`GET /api/tenants`, `POST /api/gateways`, `GET/PUT/DELETE /api/gateways/{id}`) in memory, answering
 * like grpc-gateway (`{code, message}` with 401, 404 and 409). Requests need `Grpc-Metadata-Authorization: Bearer <token>`.
 */
export async function startChirpStackStandIn(token = 'cs-stand-in-token'): Promise<ChirpStackStandIn> {
  const tenantId = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';
  const gateways = new Map<string, StandInChirpStackGateway>();
  const lastSeen = new Map<string, string>();
  const requests: ChirpStackStandIn['requests'] = [];
  const server = await startHttpStandIn(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const authorization = request.headers['grpc-metadata-authorization'] as string | undefined;
    requests.push({ method: request.method ?? '', path: url.pathname, authorization });
    if (authorization !== `Bearer ${token}`) return send(response, 401, { code: 16, message: 'authentication failed' });
    const body = (await readJson(request)) as { gateway?: StandInChirpStackGateway } | null;
    if (request.method === 'GET' && url.pathname === '/api/tenants') {
      return send(response, 200, { totalCount: 1, result: [{ id: tenantId, name: 'Stand-in tenant' }] });
    }
    if (request.method === 'POST' && url.pathname === '/api/gateways') {
      const gateway = body?.gateway;
      if (!gateway?.gatewayId || !/^[0-9a-f]{16}$/.test(gateway.gatewayId) || !gateway.tenantId) {
        return send(response, 400, { code: 3, message: 'invalid gateway' });
      }
      if (gateways.has(gateway.gatewayId)) return send(response, 409, { code: 6, message: 'object already exists' });
      gateways.set(gateway.gatewayId, gateway);
      return send(response, 200, {});
    }
    const match = /^\/api\/gateways\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const gateway = gateways.get(id);
      if (!gateway) return send(response, 404, { code: 5, message: 'object does not exist' });
      if (request.method === 'GET') {
        return send(response, 200, { gateway, createdAt: null, updatedAt: null, lastSeenAt: lastSeen.get(id) ?? null });
      }
      if (request.method === 'PUT') {
        gateways.set(id, { ...gateway, ...(body?.gateway ?? {}), gatewayId: id });
        return send(response, 200, {});
      }
      if (request.method === 'DELETE') {
        gateways.delete(id);
        return send(response, 200, {});
      }
    }
  });
  return {
    ...server,
    token,
    tenantId,
    gateways,
    lastSeen,
    requests,
  };
}
