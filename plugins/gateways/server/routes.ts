import type { SessionUser } from '@sensorium/core/common';
import { defineRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import {
  CheckGatewayIdInput,
  DEFAULT_GATEWAY_TYPE,
  GatewayIdInput,
  UpdateGatewayInput,
  type CheckGatewayIdAnswer,
  type GatewayType,
} from '../common';
import type { NetworkServerGateways } from './network-servers';
import { deletedGatewaySchema, gatewayIdTakenSchema, gatewayListSchema, gatewaySchema } from './response-schemas';
import { type GatewayRepository, type GatewayRow, owningOrganisation, toGateway } from './repository';

/** The route scope kind of a gateway: the pipeline answers 404 unless the caller may see it. */
export const GATEWAY_SCOPE = 'gateway';

/** The network server of a gateway type for an organisation, or null when its API is not configured. */
export type NetworkServerLookup = (type: GatewayType, organisationId: string | null) => Promise<NetworkServerGateways | null>;

const levels = ['cloud', 'si-customer'] as const;

/** What an audit record compares of a gateway: the fields a user sets, and whether it is kept at its network server. */
const auditView = ({ name, description, type, gatewayId, remark, synced }: GatewayRow) => ({
  name,
  description,
  type,
  gatewayId,
  remark,
  synced,
});

/**
 * Node spec §7.1 under /api/chirpstack/: list, get, add or edit, delete and the duplicate check. With the network
 * server's API configured for the gateway's organisation, each change is made there first; its refusal changes nothing.
 */
export function gatewayRoutes(
  repository: GatewayRepository,
  networkServer: NetworkServerLookup,
  /** A deleted gateway's open events are closed (they would wait for a gateway that will never report). */
  forget: (id: string) => Promise<void>,
): AnyRouteDefinition[] {
  const load = async (user: SessionUser, id: string) => {
    const row = await repository.findVisible(user, id);
    if (!row) throw HttpError.notFound();
    return row;
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/chirpstack/getAllGateway/',
      summary: 'The gateways the caller may see, by name, with last seen and online status',
      levels,
      response: gatewayListSchema,
      handler: async ({ user }) => (await repository.list(user)).map(toGateway),
    }),
    defineRoute({
      method: 'POST',
      url: '/chirpstack/getGatewayById',
      summary: 'One gateway, for the Edit Gateway modal',
      levels,
      body: GatewayIdInput,
      scope: { kind: GATEWAY_SCOPE, from: { body: 'id' } },
      audit: false,
      response: gatewaySchema,
      handler: async ({ user, body }) => toGateway(await load(user, body.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/chirpstack/checkByGatewayId',
      summary: 'Whether a gateway with this gateway id already exists in the caller’s organisation (success true)',
      levels,
      body: CheckGatewayIdInput,
      audit: false,
      response: gatewayIdTakenSchema,
      handler: async ({ user, body }): Promise<CheckGatewayIdAnswer> => ({
        success: await repository.exists(owningOrganisation(user), body.gatewayId),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/chirpstack/updateGateway/',
      errors: [502],
      summary: 'Adds a gateway (action add) or changes the gateway `id` (action edit; its gateway id stays)',
      levels,
      body: UpdateGatewayInput,
      scope: { kind: GATEWAY_SCOPE, from: { body: 'id', optional: true } },
      response: gatewaySchema,
      handler: async ({ user, body, audit }) => {
        const type = body.type ?? DEFAULT_GATEWAY_TYPE;
        const facts = { name: body.name, description: body.description ?? '', remark: body.remark ?? '' };
        if (body.action === 'add') {
          const organisationId = owningOrganisation(user);
          const gatewayId = body.gatewayId.toUpperCase();
          if (await repository.exists(organisationId, gatewayId)) {
            throw HttpError.badRequest('gateways.validation.gatewayIdTaken', 'gatewayId');
          }
          const server = await networkServer(type, organisationId);
          await server?.create({ gatewayId, name: facts.name, description: facts.description });
          const row = await repository.insert({ ...facts, organisationId, type, gatewayId, synced: server !== null });
          audit.target(row.id, row.name);
          audit.changes(null, auditView(row));
          return toGateway(row);
        }
        if (!body.id) throw HttpError.badRequest('validation.isNotEmpty', 'id');
        const current = await load(user, body.id);
        // The gateway id is read-only once added (node spec §4): the stored one is kept.
        const gateway = { gatewayId: current.gatewayId, name: facts.name, description: facts.description };
        const server = await networkServer(type, current.organisationId);
        if (type !== current.type && current.synced) {
          await (await networkServer(current.type, current.organisationId))?.remove(current.gatewayId);
        }
        if (server) await (type !== current.type || !current.synced ? server.create(gateway) : server.update(gateway));
        const row = await repository.update(current.id, { ...facts, type, synced: server !== null });
        audit.target(row.id, row.name);
        audit.changes(auditView(current), auditView(row));
        return toGateway(row);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/chirpstack/deleteGatewayByid',
      errors: [502],
      summary: 'Deletes a gateway, at its network server too when it was added there',
      levels,
      body: GatewayIdInput,
      scope: { kind: GATEWAY_SCOPE, from: { body: 'id' } },
      response: deletedGatewaySchema,
      handler: async ({ user, body, audit }) => {
        const current = await load(user, body.id);
        if (current.synced) await (await networkServer(current.type, current.organisationId))?.remove(current.gatewayId);
        await repository.remove(current.id);
        audit.target(current.id, current.name);
        audit.changes(auditView(current), null);
        await forget(current.id);
        return { success: true, name: current.name };
      },
    }),
  ];
}
