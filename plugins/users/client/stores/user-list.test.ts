import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { UserRow } from '../../common';
import { userRow } from './test-fixtures';
import { UserListModel } from './user-list';

/** The users API over an in-memory list, paging and searching as the server does. */
function usersServer(initial: UserRow[]) {
  const users = [...initial];
  return {
    users,
    ...fakeApi({
      'GET users': ({ query }) => {
        const keyword = query.get('keyword') ?? '';
        const found = users.filter((user) => user.username.includes(keyword));
        const offset = Number(query.get('offset') ?? 0);
        return { total: found.length, users: found.slice(offset, offset + Number(query.get('limit'))) };
      },
      'POST users': ({ body }) => {
        const { username } = body as { username: string };
        if (users.some((user) => user.username === username)) {
          return apiError(409, 'Username already exists.', { username: 'Username already exists.' });
        }
        users.push(userRow(username));
        return Response.json(users.at(-1), { status: 201 });
      },
      'PUT users/:id/disabled': ({ params, body }) => {
        const user = users.find((row) => row.id === params.id)!;
        user.disabled = (body as { disabled: boolean }).disabled;
        return user;
      },
      'DELETE users/:id/second-factor': ({ params }) => {
        users.find((row) => row.id === params.id)!.otpEnabled = false;
      },
      'DELETE users/:id': ({ params }) => {
        users.splice(
          users.findIndex((row) => row.id === params.id),
          1,
        );
      },
    }),
  };
}

const names = (rows: { username: string }[]) => rows.map((row) => row.username);

describe('UserListModel', () => {
  it('opens on the first page without a keyword, 10 rows at a time', async () => {
    const server = usersServer(Array.from({ length: 12 }, (_, index) => userRow(`user${String(index).padStart(2, '0')}`)));
    const list = UserListModel.create({ keyword: 'old', offset: 10 }, { http: server.http });
    await list.open();
    expect(server.calls).toEqual(['GET users?limit=10&offset=0']);
    expect(list.total).toBe(12);
    expect(list.rows).toHaveLength(10);
    expect(list.loading.pending).toBe(false);

    await list.goTo(10);
    expect(names(list.rows)).toEqual(['user10', 'user11']);
    await list.search('user1');
    expect(list.offset).toBe(0);
    expect(server.calls.at(-1)).toBe('GET users?limit=10&offset=0&keyword=user1');
    expect(names(list.rows)).toEqual(['user10', 'user11']);
  });

  it('keeps the rows it showed when a load fails', async () => {
    let down = false;
    const { http } = fakeApi({
      'GET users': () => (down ? apiError(500, 'Down.') : { total: 1, users: [userRow('ada')] }),
    });
    const list = UserListModel.create({}, { http });
    await list.open();
    down = true;
    await list.search('x');
    expect(list.loading.failed).toBe(true);
    expect(list.loading.failure?.message).toBe('Down.');
    expect(names(list.rows)).toEqual(['ada']);
  });

  it('drops the answer of a search overtaken by a newer one', async () => {
    const server = usersServer([userRow('ada'), userRow('bob')]);
    const list = UserListModel.create({}, { http: server.http });
    const first = list.search('a');
    const second = list.search('bob');
    await Promise.all([first, second]);
    expect(names(list.rows)).toEqual(['bob']);
  });

  it('creates a user and reloads the page; a refusal keeps the server’s field message', async () => {
    const server = usersServer([userRow('ada')]);
    const list = UserListModel.create({}, { http: server.http });
    await list.open();
    expect(await list.create({ username: 'bob' })).toEqual({ ok: true, value: undefined });
    expect(names(list.rows)).toEqual(['ada', 'bob']);

    const refused = await list.create({ username: 'bob' });
    expect(refused.ok).toBe(false);
    expect(list.saving.fieldError('username')).toBe('Username already exists.');
    list.clearFailure();
    expect(list.saving.failure).toBeNull();
  });

  it('disables and deletes a user, showing the page as the server has it afterwards', async () => {
    const server = usersServer([userRow('ada'), userRow('bob')]);
    const list = UserListModel.create({}, { http: server.http });
    await list.open();
    await list.setDisabled('bob', true);
    expect(list.rows.find((row) => row.id === 'bob')?.disabled).toBe(true);
    await list.remove('ada');
    expect(names(list.rows)).toEqual(['bob']);
    expect(server.calls).toContain('DELETE users/ada');
  });

  it('shows each user’s second factor and resets it (issue 12 item 14)', async () => {
    const server = usersServer([userRow('ada', { otpEnabled: true }), userRow('bob')]);
    const list = UserListModel.create({}, { http: server.http });
    await list.open();
    expect(list.rows.map((row) => row.otpEnabled)).toEqual([true, false]);
    expect((await list.resetSecondFactor('ada')).ok).toBe(true);
    expect(server.calls).toContain('DELETE users/ada/second-factor');
    expect(list.rows.find((row) => row.id === 'ada')?.otpEnabled).toBe(false);
  });
});
