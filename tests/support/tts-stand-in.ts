import { readJson, send, startHttpStandIn } from './http-stand-in';

/** A gateway as The Things Stack stand-in keeps it (v3 `Gateway`). */
export interface StandInTtsGateway {
  ids: { gateway_id: string; eui?: string };
  name?: string;
  description?: string;
  frequency_plan_id?: string;
  /** `users/<id>` or `organizations/<id>`. */
  owner: string;
  [key: string]: unknown;
}

export interface TtsStandIn {
  url: string;
  apiKey: string;
  /** The user the API key belongs to (GET /api/v3/auth_info). */
  userId: string;
  gateways: Map<string, StandInTtsGateway>;
  /** Gateway Server connection statistics per gateway id; none: not connected (404). */
  connectionStats: Map<string, { connected_at?: string; last_status_received_at?: string; last_uplink_received_at?: string }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

/**
 * A STAND-IN for The Things Stack v3 HTTP API, for tests only: `GET /api/v3/auth_info`, `POST /api/v3/users/{user}/
 * gateways` and `POST /api/v3/organizations/{org}/gateways`, `GET/PUT/DELETE /api/v3/gateways/{id}` (PUT applies the
 * `field_mask` paths) and `GET /api/v3/gs/gateways/{id}/connection/stats`, in memory. Requests need
 * `Authorization: Bearer <API key>`; errors answer `{code, message}` as TTS does.
 */
export async function startTtsStandIn(apiKey = 'NNSXS.STAND-IN', userId = 'stand-in-admin'): Promise<TtsStandIn> {
  const gateways = new Map<string, StandInTtsGateway>();
  const connectionStats: TtsStandIn['connectionStats'] = new Map();
  const requests: TtsStandIn['requests'] = [];
  const server = await startHttpStandIn(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({ method: request.method ?? '', path });
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return send(response, 401, { code: 16, message: 'error:pkg/auth:unauthenticated' });
    }
    const body = (await readJson(request)) as {
      gateway?: Record<string, unknown> & { ids?: { gateway_id?: string; eui?: string }; frequency_plan_id?: string };
      field_mask?: { paths?: string[] };
    } | null;
    if (request.method === 'GET' && path === '/api/v3/auth_info') {
      return send(response, 200, { api_key: { entity_ids: { user_ids: { user_id: userId } } } });
    }
    const create = /^\/api\/v3\/(users|organizations)\/([^/]+)\/gateways$/.exec(path);
    if (create && request.method === 'POST') {
      const gateway = body?.gateway;
      const id = gateway?.ids?.gateway_id;
      if (!id || !/^[a-z0-9](?:[-]?[a-z0-9]){2,}$/.test(id) || !gateway.frequency_plan_id) {
        return send(response, 400, { code: 3, message: 'error:pkg/ttnpb:validation' });
      }
      if (gateways.has(id)) return send(response, 409, { code: 6, message: 'error:pkg/identityserver/store:id_taken' });
      gateways.set(id, { ...gateway, ids: { ...gateway.ids, gateway_id: id }, owner: `${create[1]}/${create[2]}` });
      return send(response, 200, gateway);
    }
    const stats = /^\/api\/v3\/gs\/gateways\/([^/]+)\/connection\/stats$/.exec(path);
    if (stats && request.method === 'GET') {
      const found = connectionStats.get(decodeURIComponent(stats[1]!));
      return found
        ? send(response, 200, found)
        : send(response, 404, { code: 5, message: 'error:pkg/gatewayserver:not_connected' });
    }
    const one = /^\/api\/v3\/gateways\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      const gateway = gateways.get(id);
      if (!gateway) return send(response, 404, { code: 5, message: 'error:pkg/identityserver/store:gateway_not_found' });
      if (request.method === 'GET') return send(response, 200, gateway);
      if (request.method === 'PUT') {
        const changed: StandInTtsGateway = { ...gateway };
        for (const field of body?.field_mask?.paths ?? []) changed[field] = body?.gateway?.[field];
        gateways.set(id, changed);
        return send(response, 200, changed);
      }
      if (request.method === 'DELETE') {
        gateways.delete(id);
        return send(response, 200, {});
      }
    }
  });
  return {
    ...server,
    apiKey,
    userId,
    gateways,
    connectionStats,
    requests,
  };
}
