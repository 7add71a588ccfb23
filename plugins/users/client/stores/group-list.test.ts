import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { GroupListModel } from './group-list';
import { groupRow } from './test-fixtures';

describe('GroupListModel', () => {
  it('loads the groups and the permissions the caller may grant', async () => {
    const { http } = fakeApi({
      'GET user-groups': () => ({ total: 1, groups: [groupRow('g1', { permissions: ['alert'] })] }),
      'GET user-groups/permissions': () => ({ permissions: ['alert', 'profileedit'] }),
    });
    const list = GroupListModel.create({}, { http });
    await Promise.all([list.open(), list.loadGrantable()]);
    expect(list.rows[0]?.permissions).toEqual(['alert']);
    expect(list.grantable).toEqual(['alert', 'profileedit']);
  });

  it('adds a member and reloads the member count; the server’s refusal is kept for the dialog', async () => {
    let members = 0;
    const { http, calls } = fakeApi({
      'GET user-groups': () => ({ total: 1, groups: [groupRow('g1', { memberCount: members })] }),
      'POST user-groups/:id/members': ({ body }) => {
        if ((body as { userId: string }).userId === 'u1' && members > 0) {
          return apiError(409, 'User already in the chosen group.');
        }
        members++;
      },
    });
    const list = GroupListModel.create({}, { http });
    await list.open();
    expect((await list.addMember('g1', 'u1')).ok).toBe(true);
    expect(list.rows[0]?.memberCount).toBe(1);
    expect(calls).toContain('POST user-groups/g1/members');

    const again = await list.addMember('g1', 'u1');
    expect(again).toMatchObject({ ok: false, failure: { status: 409, message: 'User already in the chosen group.' } });
    expect(list.saving.failure?.message).toBe('User already in the chosen group.');
  });

  it('creates, renames and deletes groups', async () => {
    const groups = [groupRow('g1')];
    const { http } = fakeApi({
      'GET user-groups': () => ({ total: groups.length, groups }),
      'POST user-groups': ({ body }) => void groups.push(groupRow('g2', body as { name: string })),
      'PATCH user-groups/:id': ({ params, body }) =>
        void Object.assign(
          groups.find((g) => g.id === params.id)!,
          body,
        ),
      'DELETE user-groups/:id': ({ params }) =>
        void groups.splice(
          groups.findIndex((g) => g.id === params.id),
          1,
        ),
    });
    const list = GroupListModel.create({}, { http });
    await list.open();
    await list.create({ name: 'Field Team', permissions: ['alert'] });
    await list.update('g1', { name: 'Office', permissions: [] });
    expect(list.rows.map((group) => group.name)).toEqual(['Office', 'Field Team']);
    await list.remove('g1');
    expect(list.rows.map((group) => group.name)).toEqual(['Field Team']);
  });
});
