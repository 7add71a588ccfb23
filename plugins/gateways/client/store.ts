import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import { GATEWAY_PAGE_SIZE, type CheckGatewayIdAnswer, type Gateway, type GatewayType } from '../common';

/** One gateway of the table (node spec §3.4), field by field as GET /chirpstack/getAllGateway/ answers it. */
export const GatewayModel = types.model('Gateway', {
  id: types.identifier,
  name: types.string,
  description: types.string,
  type: types.enumeration<GatewayType>('GatewayType', ['chirpstack', 'ttn']),
  gatewayId: types.string,
  remark: types.string,
  latest_package_update: types.maybeNull(types.string),
  status: types.enumeration('GatewayStatus', ['online', 'offline', 'never-seen']),
  synced: types.boolean,
  organisationId: types.maybeNull(types.string),
});

/** What the Add/Edit Gateway modal sends. */
export interface GatewayForm {
  name: string;
  description: string;
  type: GatewayType;
  gatewayId: string;
  remark: string;
}

/** Gateway Management's state (stores.gateways): the gateways, the page shown, and each kind of call's state. */
export const GatewaysStore = types
  .model('GatewaysStore', {
    items: types.array(GatewayModel),
    /** The first row of the page shown (pages of GATEWAY_PAGE_SIZE). */
    offset: 0,
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    removing: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get page() {
      return self.items.slice(self.offset, self.offset + GATEWAY_PAGE_SIZE);
    },
  }))
  .actions((self) => ({
    setItems(items: Gateway[]) {
      self.items.replace(items);
      // A page emptied by a delete shows the one before it.
      while (self.offset > 0 && self.offset >= self.items.length) self.offset -= GATEWAY_PAGE_SIZE;
    },
    goTo(offset: number) {
      self.offset = Math.max(0, offset);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const load = async (): Promise<void> => {
      const outcome = await track(self.loading, () => http().get('chirpstack/getAllGateway/').json<Gateway[]>());
      if (outcome.ok) self.setItems(outcome.value);
    };
    return {
      load,
      /** The gateway as stored now (Edit loads it by id, node spec §4). */
      getById(id: string): Promise<Gateway> {
        return http().post('chirpstack/getGatewayById', { json: { id } }).json<Gateway>();
      },
      /** Whether the gateway id is taken already (checkByGatewayId's success). */
      async isTaken(gatewayId: string): Promise<boolean> {
        const answer = await http().post('chirpstack/checkByGatewayId', { json: { gatewayId } }).json<CheckGatewayIdAnswer>();
        return answer.success;
      },
      /** Adds (no id) or edits the gateway, then reloads the table; a refusal keeps the server's per-field messages. */
      async save(form: GatewayForm, id?: string): Promise<Outcome<Gateway>> {
        const json = id ? { ...form, action: 'edit', id } : { ...form, action: 'add' };
        const outcome = await track(self.saving, () => http().post('chirpstack/updateGateway/', { json }).json<Gateway>());
        if (outcome.ok) await load();
        return outcome;
      },
      async remove(id: string): Promise<Outcome<unknown>> {
        const outcome = await track(self.removing, () => http().post('chirpstack/deleteGatewayByid', { json: { id } }).json());
        if (outcome.ok) await load();
        return outcome;
      },
    };
  });

export type GatewaysStoreInstance = Instance<typeof GatewaysStore>;
