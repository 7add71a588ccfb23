import { IsNotEmpty, IsString } from 'class-validator';
import { defineRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import {
  ApplicationIdInput,
  END_CUSTOMER_SCOPE,
  EndCustomerInput,
  NewApplicationInput,
  type EventSummaryRow,
  type EventSummarySource,
} from '../common';
import { withLatestEvents } from './application-events';
import type { ApplicationRepository } from './application-repository';
import type { EndCustomerRepository } from './end-customer-repository';
import {
  applicationIdCheckSchema,
  applicationListSchema,
  createdApplicationSchema,
  endCustomerListSchema,
  endCustomerSchema,
  eventSummarySchema,
} from './response-schemas';

class EndCustomerParams {
  @IsString()
  @IsNotEmpty()
  id!: string;
}

export function applicationRoutes(
  repository: ApplicationRepository,
  customers: EndCustomerRepository,
  summarySources: () => EventSummarySource[],
): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/application/',
      summary: 'Applications the caller may see, with their latest open events, and the end customers that have none',
      response: applicationListSchema,
      handler: async ({ user, request }) =>
        withLatestEvents(await repository.list(user), summarySources(), user, (error) =>
          request.log.warn({ err: error }, 'The latest events of the application cards could not be read'),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/application/new/',
      errors: [409],
      summary: 'Create an application for one of the caller’s end customers (operators and system integrators)',
      levels: ['cloud', 'si-customer'],
      body: NewApplicationInput,
      response: createdApplicationSchema,
      created: true,
      handler: ({ user, body }) => repository.create(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/application/check/',
      summary: 'Whether an application id is already taken',
      body: ApplicationIdInput,
      audit: false,
      response: applicationIdCheckSchema,
      handler: async ({ body }) => ({ existing: await repository.exists(body.id) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/system-events-api/system-events/summary/',
      summary: 'Per-application event counts and severities for the alarm bell',
      response: eventSummarySchema,
      handler: async ({ user }): Promise<EventSummaryRow[]> => {
        const { appList } = await repository.list(user);
        const appIds = appList.map((app) => app.id);
        if (appIds.length === 0) return [];
        const rows = await Promise.all(summarySources().map((source) => source.summarise(appIds, user)));
        return rows.flat();
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/customer/end-customer-list/',
      summary: 'End customers the caller may see',
      response: endCustomerListSchema,
      handler: ({ user }) => customers.list(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/customer/end-customer/',
      errors: [409],
      summary: 'Create an end customer',
      permission: 'useredit',
      body: EndCustomerInput,
      response: endCustomerSchema,
      created: true,
      handler: ({ user, body }) => customers.create(user, body.name),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/customer/end-customer/:id',
      errors: [409],
      summary: 'Rename an end customer',
      permission: 'useredit',
      params: EndCustomerParams,
      scope: { kind: END_CUSTOMER_SCOPE, from: 'id' },
      body: EndCustomerInput,
      audit: { row: ({ user, params }) => customers.findVisible(user, params.id) },
      response: endCustomerSchema,
      handler: ({ params, body }) => customers.rename(params.id, body.name),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/customer/end-customer/:id',
      errors: [409],
      summary: 'Delete an end customer that has no applications',
      permission: 'useredit',
      params: EndCustomerParams,
      scope: { kind: END_CUSTOMER_SCOPE, from: 'id' },
      audit: { row: ({ user, params }) => customers.findVisible(user, params.id) },
      handler: ({ params }) => customers.remove(params.id),
    }),
  ];
}
