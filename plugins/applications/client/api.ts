import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type {
  ApplicationDetail,
  ApplicationListResponse,
  ApplicationSetting,
  EndCustomer,
  EventSummaryRow,
  NewApplicationInput,
} from '../common';

/** The body of PATCH /application/{id} the Overview tab sends. */
export interface ApplicationChange {
  name?: string;
  description?: string;
  setting?: ApplicationSetting;
}

const id = (value: string) => encodeURIComponent(value);

/** The applications plugin's calls (README, API), for its stores only. */
export function createApplicationsApi(http: HttpClient) {
  return {
    list: () => http.get('application/').json<ApplicationListResponse>(),
    eventSummary: () => http.get('system-events-api/system-events/summary/').json<EventSummaryRow[]>(),
    checkId: (appId: string) => http.post('application/check/', { json: { id: appId } }).json<{ existing: boolean }>(),
    create: (input: NewApplicationInput) => http.post('application/new/', { json: input }).json<{ id: string }>(),
    detail: (appId: string) => http.get(`application/${id(appId)}`).json<ApplicationDetail>(),
    change: (appId: string, change: ApplicationChange) =>
      http.patch(`application/${id(appId)}`, { json: change }).json<ApplicationDetail>(),
    uploadLogo: (appId: string, file: Blob) => {
      const form = new FormData();
      form.append('logo', file);
      return http.put(`application/${id(appId)}/logo`, { body: form }).json<ApplicationDetail>();
    },
    deleteLogo: (appId: string) => http.delete(`application/${id(appId)}/logo`).json<ApplicationDetail>(),
    remove: (appId: string) => http.delete(`application/${id(appId)}/`).then(() => undefined),

    endCustomers: () => http.get('customer/end-customer-list/').json<EndCustomer[]>(),
    createEndCustomer: (name: string) => http.post('customer/end-customer/', { json: { name } }).json<EndCustomer>(),
    renameEndCustomer: (customerId: string, name: string) =>
      http.patch(`customer/end-customer/${id(customerId)}`, { json: { name } }).json<EndCustomer>(),
    deleteEndCustomer: (customerId: string) => http.delete(`customer/end-customer/${id(customerId)}`).then(() => undefined),
  };
}

export type ApplicationsApi = ReturnType<typeof createApplicationsApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function applicationsApi(node: object): ApplicationsApi {
  return createApplicationsApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}
