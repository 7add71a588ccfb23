import { describe, expect, it } from 'vitest';
import type { DeviceServerSettingsView } from '@sensorium/core/common';
import { apiError, fakeApi, type FakeRequest } from '../testing/fake-api';
import { deviceServerFormErrors, deviceServerSettingsModel } from './device-server-settings';

const Model = deviceServerSettingsModel('TestServerSettings', 'chirpstack/server-settings');
const OPERATOR = { apiUrl: 'http://chirpstack.operator:8090', secretSet: true };

/**
 * The server-settings routes as core/server answers them, over organisations' own settings: an si-customer's calls
 * carry its organisation, a cloud user's without one see the operator's default; an empty secret keeps the stored one.
 */
function server() {
  const own = new Map<string, { apiUrl: string; secret: string }>();
  const view = (organisationId: string | null): DeviceServerSettingsView => {
    const settings = organisationId ? own.get(organisationId) : undefined;
    return {
      organisationId,
      apiUrl: settings?.apiUrl ?? null,
      secretMasked: settings ? `••••${settings.secret.slice(-4)}` : null,
      operator: OPERATOR,
    };
  };
  const organisation = ({ query }: FakeRequest) => query.get('organisationId');
  const api = fakeApi({
    'GET chirpstack/server-settings': (request) => view(organisation(request)),
    'PUT chirpstack/server-settings': (request) => {
      const organisationId = organisation(request)!;
      const body = request.body as { apiUrl: string; secret?: string };
      if (body.apiUrl.includes('bad')) return apiError(400, 'Please enter a valid URL.', { apiUrl: 'Please enter a valid URL.' });
      const secret = body.secret ?? own.get(organisationId)?.secret;
      if (!secret) return apiError(400, 'This field is required.', { secret: 'This field is required.' });
      own.set(organisationId, { apiUrl: body.apiUrl, secret });
      return view(organisationId);
    },
    'DELETE chirpstack/server-settings': (request) => {
      own.delete(organisation(request)!);
      return view(organisation(request));
    },
  });
  return { ...api, own };
}

describe('device-server settings store', () => {
  it("shows an organisation on the operator's default, then its own settings with the secret masked once saved", async () => {
    const { http, calls, own } = server();
    const store = Model.create({}, { http });
    await store.open('org_a');
    expect(calls).toEqual(['GET chirpstack/server-settings?organisationId=org_a']);
    expect(store.source).toBe('operator');
    expect(store.editable).toBe(true);
    expect(store.secretStored).toBe(false);

    expect(await store.save({ apiUrl: ' https://cs.org-a.example ', secret: 'token-of-org-a-1234' })).toBe(true);
    expect(own.get('org_a')).toEqual({ apiUrl: 'https://cs.org-a.example', secret: 'token-of-org-a-1234' });
    expect(store.source).toBe('own');
    expect(store.view?.secretMasked).toBe('••••1234');
    expect(store.saved).toBe(true);
    store.edited();
    expect(store.saved).toBe(false);
  });

  it('keeps the stored secret when the form leaves it empty, and goes back to the default when cleared', async () => {
    const { http, calls, own } = server();
    own.set('org_a', { apiUrl: 'https://old.example', secret: 'kept-secret-9876' });
    const store = Model.create({}, { http });
    await store.open('org_a');
    expect(store.secretStored).toBe(true);

    expect(await store.save({ apiUrl: 'https://new.example', secret: '  ' })).toBe(true);
    expect(own.get('org_a')).toEqual({ apiUrl: 'https://new.example', secret: 'kept-secret-9876' });

    expect(await store.clear()).toBe(true);
    expect(calls.at(-1)).toBe('DELETE chirpstack/server-settings?organisationId=org_a');
    expect(store.source).toBe('operator');
    expect(store.secretStored).toBe(false);
  });

  it("shows a cloud user without an organisation the operator's default, read-only", async () => {
    const { http, calls } = server();
    const store = Model.create({}, { http });
    await store.open(null);
    expect(calls).toEqual(['GET chirpstack/server-settings']);
    expect(store.editable).toBe(false);
    expect(store.view?.operator).toEqual(OPERATOR);
  });

  it("keeps the server's message per field when a save is refused, and the settings shown", async () => {
    const { http } = server();
    const store = Model.create({}, { http });
    await store.open('org_a');
    expect(await store.save({ apiUrl: 'https://bad.example', secret: 'x' })).toBe(false);
    expect(store.saving.fieldError('apiUrl')).toBe('Please enter a valid URL.');
    expect(store.saved).toBe(false);
    expect(store.source).toBe('operator');
  });

  it('shows the organisation asked for last when an earlier answer comes late', async () => {
    let releaseFirst = () => {};
    const { http } = fakeApi({
      'GET chirpstack/server-settings': async ({ query }) => {
        const organisationId = query.get('organisationId');
        if (organisationId === 'org_slow') await new Promise<void>((resolve) => (releaseFirst = resolve));
        return { organisationId, apiUrl: null, secretMasked: null, operator: OPERATOR };
      },
    });
    const store = Model.create({}, { http });
    const slow = store.open('org_slow');
    await store.open('org_fast');
    releaseFirst();
    await slow;
    expect(store.view?.organisationId).toBe('org_fast');
  });
});

describe('deviceServerFormErrors', () => {
  it('asks for an http(s) address and, unless one is stored, for the secret', () => {
    expect(deviceServerFormErrors({ apiUrl: '', secret: '' }, false)).toEqual({
      apiUrl: 'validation.isNotEmpty',
      secret: 'validation.isNotEmpty',
    });
    expect(deviceServerFormErrors({ apiUrl: 'ftp://files.example', secret: 's' }, false)).toEqual({ apiUrl: 'validation.isUrl' });
    expect(deviceServerFormErrors({ apiUrl: 'not a url', secret: '' }, true)).toEqual({ apiUrl: 'validation.isUrl' });
    expect(deviceServerFormErrors({ apiUrl: ' http://chirpstack:8090 ', secret: '' }, true)).toEqual({});
  });
});
