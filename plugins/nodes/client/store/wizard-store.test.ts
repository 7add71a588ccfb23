import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../core/client/testing/fake-api';
import { initialWizardState } from '../wizard/wizard-rules';
import { NAME_CHECK_DELAY_MS, WizardStore } from './wizard-store';

const AVAILABILITY = 'GET node-structure-item/:appId/item-name-availability';

describe('WizardStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks a typed name once typing stops, and only the latest name', async () => {
    const api = fakeApi({ [AVAILABILITY]: ({ query }) => ({ available: query.get('itemName') !== 'sensor1' }) });
    const wizard = WizardStore.create({ appId: 'a1', parentName: 'root' }, { http: api.http });
    wizard.typeName('sens');
    expect(wizard.nameStatus).toBe('checking');
    wizard.typeName(' sensor1 ');
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS);
    expect(api.calls).toEqual(['GET node-structure-item/a1/item-name-availability?itemName=sensor1']);
    expect(wizard.nameStatus).toBe('taken');
    wizard.typeName('sensor3');
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS);
    expect(wizard.nameStatus).toBe('available');
    wizard.typeName('');
    expect(wizard.nameStatus).toBe('unchecked');
  });

  it('keeps the profiles of the latest request, and none without a source', async () => {
    const api = fakeApi({
      'POST device-profile/get-deviceProfileList-simple/:appId': ({ body }) => [
        {
          uuid: (body as { dataSourceType: string }).dataSourceType,
          deviceProfileName: 'LHT65',
          sensorBrand: 'Dragino',
          sensorModel: 'LHT65',
          subType: '',
        },
      ],
    });
    const wizard = WizardStore.create({ appId: 'a1' }, { http: api.http });
    await Promise.all([wizard.loadProfiles('prtg'), wizard.loadProfiles('lora')]);
    expect(wizard.profiles.map((profile) => profile.uuid)).toEqual(['lora']);
    await wizard.loadProfiles(undefined);
    expect(wizard.profiles).toHaveLength(0);
  });

  it('adds a device with its profile’s commands and fields', async () => {
    let added: { newItem: { dataSource: Record<string, unknown>; input: Record<string, unknown> } } | null = null;
    const api = fakeApi({
      'POST device-profile/get-deviceProfileByUuid/:appId': () => ({
        uuid: 'p1',
        deviceProfileName: 'LHT65',
        commands: [{ id: 'reboot', display: 'Reboot' }],
        outputSimpleDefault: { TempC_SHT: 0 },
        outputConfig: {},
      }),
      'POST node-structure-item/:appId/items': ({ body }) => {
        added = body as typeof added;
        return { uuid: 'u-cs1', itemName: 'cs1' };
      },
    });
    const wizard = WizardStore.create({ appId: 'a1' }, { http: api.http });
    const state = {
      ...initialWizardState('root'),
      itemType: 'item' as const,
      itemName: 'cs1',
      dataSource: { deviceProfile: 'p1' },
    };
    const outcome = await wizard.add(state, 'lora');
    expect(outcome).toMatchObject({ ok: true, value: { uuid: 'u-cs1' } });
    expect(added!.newItem.dataSource).toMatchObject({ type: 'chirpstack', sensorType: 'LHT65' });
    expect(Object.keys(added!.newItem.input)).toEqual(['TempC_SHT']);
    expect(wizard.saving.pending).toBe(false);
  });
});
