import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../core/client/testing/fake-api';
import { ChoicesModel } from './choices';
import { groupRow, userRow } from './test-fixtures';

describe('ChoicesModel', () => {
  const api = () =>
    fakeApi({
      'GET users': () => ({ total: 1, users: [userRow('ada')] }),
      'GET user-groups': () => ({ total: 1, groups: [groupRow('g1')] }),
      'GET customer/end-customer-list/': () => [{ id: 'end_default', name: 'Default' }],
    });

  it('offers the groups and end customers to the user form', async () => {
    const { http, calls } = api();
    const choices = ChoicesModel.create({}, { http });
    await choices.loadUserOptions();
    expect(calls.sort()).toEqual(['GET customer/end-customer-list/', 'GET user-groups?limit=100']);
    expect(choices.groups.map((group) => group.id)).toEqual(['g1']);
    expect(choices.customers.map((customer) => customer.name)).toEqual(['Default']);
  });

  it('offers the first 100 groups to User Setup, and no users (those come from the application)', async () => {
    const { http, calls } = api();
    const choices = ChoicesModel.create({}, { http });
    await choices.loadGroups();
    expect(calls).toEqual(['GET user-groups?limit=100']);
    expect(choices.groups.map((group) => group.id)).toEqual(['g1']);
  });

  it('keeps what it offered when a load fails', async () => {
    const { http } = api();
    const choices = ChoicesModel.create({}, { http });
    await choices.loadUsers();
    const broken = ChoicesModel.create(getSnapshot(choices), { http: fakeApi({}).http });
    await broken.loadUsers();
    expect(broken.loading.failed).toBe(true);
    expect(broken.users.map((user) => user.username)).toEqual(['ada']);
  });
});
