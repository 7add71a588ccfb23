import { describe, expect, it } from 'vitest';
import type { AnyRouteDefinition } from '@sensorium/core/server';
import { errorStatusesOf, operationIdOf, securityOf } from './openapi-operation';

const route = (extra: Partial<AnyRouteDefinition> = {}): AnyRouteDefinition => ({
  method: 'GET',
  url: '/things',
  summary: 'Things',
  handler: () => [],
  ...extra,
});

describe('the OpenAPI description of a route', () => {
  it('names the operation by method and path in camel case, path parameters as By<Name>', () => {
    expect(operationIdOf({ method: 'GET', url: '/customer/end-customer-list/' })).toBe('getCustomerEndCustomerList');
    expect(operationIdOf({ method: 'DELETE', url: '/application/:id/' })).toBe('deleteApplicationById');
    expect(operationIdOf({ method: 'POST', url: '/system-events-api/:appId/events/ack' })).toBe(
      'postSystemEventsApiByAppIdEventsAck',
    );
    expect(operationIdOf({ method: 'GET', url: '/dashboard/default_application/:image' })).toBe(
      'getDashboardDefaultApplicationByImage',
    );
  });

  it('asks signed-in routes for the access token (also as ?token= where allowed) and public ones for nothing', () => {
    expect(securityOf(route())).toEqual([{ bearer: [] }]);
    expect(securityOf(route({ queryToken: true }))).toEqual([{ bearer: [] }, { queryToken: [] }]);
    expect(securityOf(route({ auth: false }))).toEqual([]);
  });

  it('derives the error statuses from the definition and adds those its handler answers', () => {
    expect(errorStatusesOf(route())).toEqual([400, 401, 403]);
    expect(errorStatusesOf(route({ auth: false }))).toEqual([400]);
    expect(errorStatusesOf(route({ url: '/things/:id' }))).toEqual([400, 401, 403, 404]);
    expect(errorStatusesOf(route({ app: 'appId', url: '/things' }))).toEqual([400, 401, 403, 404]);
    expect(errorStatusesOf(route({ licence: 'iot' }))).toEqual([400, 401, 403, 404]);
    expect(errorStatusesOf(route({ rawBody: true }))).toEqual([400, 401, 403, 413]);
    expect(errorStatusesOf(route({ auth: false, rateLimit: { max: 5, timeWindowMs: 60_000 } }))).toEqual([400, 429]);
    expect(errorStatusesOf(route({ auth: false, errors: [409, 401] }))).toEqual([400, 401, 409]);
  });
});
