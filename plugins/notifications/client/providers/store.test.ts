import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeRequest } from '../../../../core/client/testing/fake-api';
import type { ProvidersAnswer, ProviderView } from '../../common';
import { providerForm, providerFormErrors, ProvidersStore } from './store';

const twilio = (channel: 'sms' | 'whatsapp' | 'voice', masked = '••••oken'): ProviderView => ({
  channel,
  kind: 'twilio',
  settings: { accountSid: 'AC1', from: '+15005550006' },
  secretMasked: masked,
});

/** The providers routes as the server answers them: an organisation's own providers beside the operator's defaults. */
function server() {
  const defaults: ProviderView[] = [twilio('sms')];
  const own = new Map<string, ProviderView[]>();
  const answer = (organisationId: string | null): ProvidersAnswer => ({
    organisationId,
    own: organisationId ? (own.get(organisationId) ?? []) : defaults,
    defaults,
  });
  const organisation = ({ query }: FakeRequest) => query.get('organisationId');
  const api = fakeApi({
    'GET notifications/providers': (request) => answer(organisation(request)),
    'PUT notifications/providers': (request) => {
      const body = request.body as { channel: 'sms'; kind: 'http'; url: string; secret?: string };
      if (!body.secret) return apiError(400, 'This field is required.', { secret: 'This field is required.' });
      const organisationId = organisation(request)!;
      own.set(organisationId, [{ channel: body.channel, kind: body.kind, settings: { url: body.url }, secretMasked: '••••' }]);
      return answer(organisationId);
    },
    'PUT notifications/providers/default': (request) => {
      defaults.push(twilio((request.body as { channel: 'voice' }).channel, '••••1234'));
      return answer(null);
    },
    'DELETE notifications/providers/sms': (request) => {
      own.delete(organisation(request)!);
      return answer(organisation(request));
    },
  });
  return api;
}

describe('notification providers store', () => {
  it("shows each channel's source and sets, then removes, an organisation's own provider", async () => {
    const { http, calls } = server();
    const store = ProvidersStore.create({}, { http });
    await store.open('org_a');
    expect(store.editingDefaults).toBe(false);
    expect(['sms', 'whatsapp', 'voice'].map((channel) => store.source(channel as 'sms'))).toEqual(['default', 'none', 'none']);

    const form = { ...providerForm('sms', null), kind: 'http' as const, url: 'https://gw.example/send' };
    expect(await store.save(form)).toBe(false);
    expect(store.saving.fieldError('secret')).toBe('This field is required.');
    expect(await store.save({ ...form, secret: 's3cret' })).toBe(true);
    expect(store.source('sms')).toBe('own');
    expect(store.savedChannel).toBe('sms');
    expect(await store.remove('sms')).toBe(true);
    expect(store.source('sms')).toBe('default');
    expect(calls).toContain('PUT notifications/providers?organisationId=org_a');
    expect(calls).toContain('DELETE notifications/providers/sms?organisationId=org_a');
  });

  it("sets the operator's defaults when a cloud user chose no organisation", async () => {
    const { http, calls } = server();
    const store = ProvidersStore.create({}, { http });
    await store.open(null);
    expect(store.editingDefaults).toBe(true);
    expect(store.own('sms')).toMatchObject({ kind: 'twilio', secretMasked: '••••oken' });
    const voice = { ...providerForm('voice', null), accountSid: 'AC1', from: '+15005550006', secret: 'token' };
    expect(await store.save(voice)).toBe(true);
    expect(calls).toContain('PUT notifications/providers/default');
    expect(store.own('voice')).toMatchObject({ secretMasked: '••••1234' });
  });

  it('checks the form with the server’s rules, a stored secret being kept', () => {
    const blank = providerForm('voice', null);
    expect(Object.keys(providerFormErrors(blank, false)).sort()).toEqual(['accountSid', 'from', 'secret']);
    const filled = { ...blank, accountSid: 'AC1', from: '+15005550006', callTimeoutSeconds: '2' };
    expect(providerFormErrors(filled, true)).toEqual({
      callTimeoutSeconds: { key: 'validation.min', params: { constraint1: 5 } },
    });
    expect(providerFormErrors({ ...filled, callTimeoutSeconds: '45', from: '555' }, true)).toEqual({
      from: { key: 'validation.matches' },
    });
    const http = { ...providerForm('sms', null), kind: 'http' as const };
    expect(Object.keys(providerFormErrors(http, false)).sort()).toEqual(['secret', 'url']);
  });
});
