import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { MyAccount } from '../../common';
import { MyAccountStoreModel } from './my-account';
import { myAccount } from './test-fixtures';

function accountServer() {
  let account = myAccount();
  return fakeApi({
    'GET my-account': () => account,
    'PUT my-account/profile': ({ body }) => (account = { ...account, ...(body as Partial<MyAccount>) }),
    'PUT my-account/password': ({ body }) =>
      (body as { currentPassword: string }).currentPassword === 'right'
        ? undefined
        : apiError(400, 'The current password is not correct.', { currentPassword: 'The current password is not correct.' }),
    'PUT my-account/second-factor': ({ body }) => {
      const { otpEnabled, currentPassword } = body as { otpEnabled: boolean; currentPassword: string };
      if (currentPassword !== 'right')
        return apiError(400, 'The current password is not correct.', { currentPassword: 'The current password is not correct.' });
      if (!account.email) return apiError(400, 'An e-mail address is needed.');
      return (account = { ...account, otpEnabled });
    },
  });
}

describe('MyAccountStoreModel', () => {
  it('loads the account and shows the saved profile', async () => {
    const store = MyAccountStoreModel.create({}, { http: accountServer().http });
    await store.load();
    expect(store.account?.username).toBe('ada');
    const saved = await store.saveProfile({ name: 'Ada L.', email: null, phone: '+85291234567' });
    expect(saved.ok).toBe(true);
    expect(store.account).toMatchObject({ name: 'Ada L.', email: null, phone: '+85291234567' });
    expect(store.profile.pending).toBe(false);
  });

  it('keeps the server’s message under the current password when it is wrong', async () => {
    const store = MyAccountStoreModel.create({}, { http: accountServer().http });
    expect((await store.changePassword('wrong', 'new-password')).ok).toBe(false);
    expect(store.password.fieldError('currentPassword')).toBe('The current password is not correct.');
    expect((await store.changePassword('right', 'new-password')).ok).toBe(true);
    expect(store.password.failure).toBeNull();
  });

  it('switches the second factor with the current password, and keeps the account when refused', async () => {
    const store = MyAccountStoreModel.create({}, { http: accountServer().http });
    await store.load();
    await store.setSecondFactor(true, 'wrong');
    expect(store.secondFactor.fieldError('currentPassword')).toBe('The current password is not correct.');
    expect(store.account?.otpEnabled).toBe(false);
    await store.setSecondFactor(true, 'right');
    expect(store.account?.otpEnabled).toBe(true);
    await store.saveProfile({ name: 'Ada', email: null, phone: null, currentPassword: 'right' });
    await store.setSecondFactor(false, 'right');
    expect(store.secondFactor.failure?.message).toBe('An e-mail address is needed.');
    expect(store.account?.otpEnabled).toBe(true);
  });
});
