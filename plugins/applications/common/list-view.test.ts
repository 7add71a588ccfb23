import { describe, expect, it } from 'vitest';
import { filterApplications, filterCustomers, groupByCustomer, listCounts, sortApplications } from './list-view';
import type { ApplicationSummary } from './types';

const app = (id: string, name: string, endCustomerName: string, updateDate: string, description = ''): ApplicationSummary => ({
  id,
  name,
  description,
  logo: null,
  endCustomerId: endCustomerName ? endCustomerName.toLowerCase() : '',
  endCustomerName,
  updateDate,
  event: null,
  setting: {},
});

const apps = [
  app('plant_a', 'Water plant', 'Zeta', '2026-01-02T00:00:00Z', 'Pumps and tanks'),
  app('office', 'Office', 'Alpha', '2026-03-01T00:00:00Z'),
  app('lost', 'Lost site', '', '2026-02-01T00:00:00Z'),
];

describe('application list view', () => {
  it('filters case-insensitively on id, name, description and customer', () => {
    expect(filterApplications(apps, 'PUMPS').map((a) => a.id)).toEqual(['plant_a']);
    expect(filterApplications(apps, 'alpha').map((a) => a.id)).toEqual(['office']);
    expect(filterApplications(apps, '  ').length).toBe(3);
  });

  it('sorts by name, newest date first, or customer name', () => {
    expect(sortApplications(apps, 'name').map((a) => a.id)).toEqual(['lost', 'office', 'plant_a']);
    expect(sortApplications(apps, 'date').map((a) => a.id)).toEqual(['office', 'lost', 'plant_a']);
    expect(sortApplications(apps, 'endCustomerName').map((a) => a.id)).toEqual(['lost', 'office', 'plant_a']);
  });

  it('groups by customer alphabetically with the unknown customer last', () => {
    expect(groupByCustomer(apps).map((group) => group.customerName)).toEqual(['Alpha', 'Zeta', null]);
  });

  it('counts the applications and end customers the search shows', () => {
    const withoutApps = [{ id: 'ec_1', name: 'Harbour' }];
    const count = (keyword: string) => listCounts(filterApplications(apps, keyword), filterCustomers(withoutApps, keyword));
    expect(count('')).toEqual({ apps: 3, customers: 4 });
    expect(count('pumps')).toEqual({ apps: 1, customers: 1 });
    expect(count('harb')).toEqual({ apps: 0, customers: 1 });
    expect(count('nothing')).toEqual({ apps: 0, customers: 0 });
  });
});
