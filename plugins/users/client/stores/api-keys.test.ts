import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { ApiKeyRow } from '../../common';
import { ApiKeysModel } from './api-keys';
import { apiKeyRow } from './test-fixtures';

function keysServer() {
  const keys: ApiKeyRow[] = [];
  let next = 1;
  const issue = (name: string) => {
    const row = apiKeyRow(`k${next++}`, name);
    keys.push(row);
    return { ...row, key: `${row.prefix}-secret` };
  };
  return fakeApi({
    'GET api-keys': () => keys,
    'POST api-keys': ({ body }) => {
      const { name } = body as { name: string };
      return name ? issue(name) : apiError(400, 'Key name is required.', { name: 'Key name is required.' });
    },
    'POST api-keys/:id/revoke': ({ params }) => {
      const old = keys.findIndex((key) => key.id === params.id);
      const [revoked] = keys.splice(old, 1);
      return issue(revoked!.name);
    },
    'DELETE api-keys/:id': ({ params }) =>
      void keys.splice(
        keys.findIndex((key) => key.id === params.id),
        1,
      ),
  });
}

describe('ApiKeysModel', () => {
  it('shows a new key once, lists it by its prefix only, and forgets it when dismissed', async () => {
    const store = ApiKeysModel.create({}, { http: keysServer().http });
    await store.load();
    expect(store.keys).toHaveLength(0);
    expect((await store.create('script')).ok).toBe(true);
    expect(store.created).toMatchObject({ name: 'script', key: 'snk_k1xxxxxx-secret' });
    expect(store.keys.map((key) => key.prefix)).toEqual(['snk_k1xxxxxx']);
    store.dismissCreated();
    expect(store.created).toBeNull();
  });

  it('replaces a revoked key with a new one, shown once', async () => {
    const store = ApiKeysModel.create({}, { http: keysServer().http });
    await store.create('script');
    store.dismissCreated();
    await store.revoke('k1');
    expect(store.created?.id).toBe('k2');
    expect(store.keys.map((key) => key.id)).toEqual(['k2']);
  });

  it('deletes a key without showing one, and keeps a refusal for the dialog', async () => {
    const store = ApiKeysModel.create({}, { http: keysServer().http });
    await store.create('script');
    store.dismissCreated();
    await store.remove('k1');
    expect(store.keys).toHaveLength(0);
    expect(store.created).toBeNull();
    expect((await store.create('')).ok).toBe(false);
    expect(store.saving.fieldError('name')).toBe('Key name is required.');
  });
});
