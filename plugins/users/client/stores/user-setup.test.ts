import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { ApplicationUsers } from '../../common';
import { UserSetupModel } from './user-setup';

function setupServer() {
  const data: ApplicationUsers = { users: [], groups: [] };
  const api = fakeApi({
    'GET application/:id': ({ params }) => (params.id === 'plant' ? { name: 'Plant' } : apiError(404, 'Not found')),
    'GET application-users/:id': () => data,
    'GET application-users/:id/user-choices': () =>
      [{ userId: 'viewer2', username: 'viewer2', name: 'Viewer Two', level: 'end-customer', groupName: null }].filter(
        (choice) => !data.users.some((user) => user.userId === choice.userId),
      ),
    'POST application-users/:id/users': ({ body }) => {
      const { userId, deviceTags } = body as { userId: string; deviceTags: string[] };
      data.users.push({ userId, username: userId, name: userId, level: 'end-customer', groupName: null, deviceTags });
    },
    'PUT application-users/:id/users/:userId/device-tags': ({ params, body }) => {
      data.users.find((user) => user.userId === params.userId)!.deviceTags = (body as { deviceTags: string[] }).deviceTags;
    },
    'DELETE application-users/:id/users/:userId': ({ params }) =>
      params.userId === 'locked'
        ? apiError(500, 'Failed')
        : void data.users.splice(
            data.users.findIndex((user) => user.userId === params.userId),
            1,
          ),
    'POST application-users/:id/groups': ({ body }) =>
      void data.groups.push({ groupId: (body as { groupId: string }).groupId, name: 'Field Team', memberCount: 2 }),
    'DELETE application-users/:id/groups/:groupId': () => void data.groups.splice(0, 1),
  });
  return { data, ...api };
}

describe('UserSetupModel', () => {
  it('opens an application: its name, then its users and groups', async () => {
    const { http, calls } = setupServer();
    const setup = UserSetupModel.create({}, { http });
    const opening = setup.open('plant');
    expect(setup.ready).toBe(false);
    await opening;
    expect(calls).toEqual(['GET application/plant', 'GET application-users/plant']);
    expect(setup.appName).toBe('Plant');
    expect(setup.ready).toBe(true);
  });

  it('stays unready for an application the caller may not see', async () => {
    const { http, calls } = setupServer();
    const setup = UserSetupModel.create({}, { http });
    await setup.open('other');
    expect(setup.ready).toBe(false);
    expect(calls).toEqual(['GET application/other']);
  });

  it('adds a user with device tags, changes the tags, adds and removes a group', async () => {
    const { http } = setupServer();
    const setup = UserSetupModel.create({}, { http });
    await setup.open('plant');
    await setup.addUser('viewer1', ['pumps', 'roof']);
    expect(setup.users[0]?.deviceTags).toEqual(['pumps', 'roof']);
    expect(setup.hasUser('viewer1')).toBe(true);
    await setup.setDeviceTags('viewer1', []);
    expect(setup.users[0]?.deviceTags).toEqual([]);
    await setup.addGroup('g1');
    expect(setup.hasGroup('g1')).toBe(true);
    await setup.removeGroup('g1');
    expect(setup.groups).toHaveLength(0);
  });

  it('offers Add user the application’s own choices, not every user (issue 12 item 17)', async () => {
    const { http, calls } = setupServer();
    const setup = UserSetupModel.create({}, { http });
    await setup.open('plant');
    await setup.loadUserChoices();
    expect(calls.at(-1)).toBe('GET application-users/plant/user-choices');
    expect(setup.userChoices.map((choice) => choice.username)).toEqual(['viewer2']);
    await setup.addUser('viewer2', []);
    await setup.loadUserChoices();
    expect(setup.userChoices).toHaveLength(0);
    // Another application's page starts without them.
    await setup.open('other');
    expect(setup.userChoices).toHaveLength(0);
  });

  it('pages users ten at a time, and keeps the list when a removal fails', async () => {
    const { http, data } = setupServer();
    for (let index = 0; index < 12; index++) {
      data.users.push({
        userId: `u${index}`,
        username: `u${index}`,
        name: '',
        level: 'end-customer',
        groupName: null,
        deviceTags: [],
      });
    }
    data.users.push({ userId: 'locked', username: 'locked', name: '', level: 'end-customer', groupName: null, deviceTags: [] });
    const setup = UserSetupModel.create({}, { http });
    await setup.open('plant');
    expect(setup.userPage).toHaveLength(10);
    setup.setUserOffset(10);
    expect(setup.userPage.map((user) => user.userId)).toEqual(['u10', 'u11', 'locked']);
    expect((await setup.removeUser('locked')).ok).toBe(false);
    expect(setup.saving.failed).toBe(true);
    expect(setup.users).toHaveLength(13);
  });
});
