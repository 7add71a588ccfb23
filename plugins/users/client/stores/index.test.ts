import { applySnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../core/client/testing/fake-api';
import { UsersStore } from './index';
import { groupRow, userRow } from './test-fixtures';

describe('UsersStore', () => {
  it('holds the same user in the page and in the choices, and empties when the console resets it', async () => {
    const { http } = fakeApi({
      'GET users': () => ({ total: 1, users: [userRow('ada')] }),
      'GET user-groups': () => ({ total: 1, groups: [groupRow('g1')] }),
    });
    const store = UsersStore.create({}, { http });
    await Promise.all([store.users.open(), store.choices.loadUsers()]);
    expect(store.users.rows[0]?.id).toBe('ada');
    expect(store.choices.users[0]?.id).toBe('ada');

    // The root store applies an empty snapshot when the signed-in user changes.
    applySnapshot(store, {});
    expect(store.users.rows).toHaveLength(0);
    expect(store.choices.users).toHaveLength(0);
  });
});
