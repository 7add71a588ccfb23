import type { FieldPreference } from '../../common/field-preference';
import { describe, expect, it } from 'vitest';
import { initialWizardState, stepErrors, stepStyle, wizardResult, type StepContext, type WizardState } from './wizard-rules';

const ok: StepContext = { nameStatus: 'available', formErrors: [], hasForm: true };
const state = (patch: Partial<WizardState>): WizardState => ({ ...initialWizardState('root'), ...patch });

describe('add-item wizard rules (spec 2.11, 4, 5)', () => {
  it('step 1 needs an item type and a parent', () => {
    expect(stepErrors(state({}), 0, ok)).toEqual(['nodes.wizard.errors.itemType']);
    expect(stepErrors(state({ itemType: 'node', parentName: ' ' }), 0, ok)).toEqual(['nodes.wizard.errors.parent']);
    expect(stepErrors(state({ itemType: 'item' }), 0, ok)).toEqual([]);
  });

  it('step 2 needs a valid, free item name', () => {
    const node = (itemName: string, context: Partial<StepContext> = {}) =>
      stepErrors(state({ itemType: 'node', itemName }), 1, { ...ok, ...context });
    expect(node('  ')).toEqual(['nodes.wizard.errors.nameRequired']);
    expect(node('hall 1')).toEqual(['nodes.wizard.errors.namePattern']);
    expect(node('hall-1', { nameStatus: 'taken' })).toEqual(['nodes.wizard.errors.nameTaken']);
    expect(node('hall-1', { nameStatus: 'checking' })).toEqual(['nodes.wizard.errors.nameChecking']);
    expect(node('hall_1')).toEqual([]);
  });

  it('step 2 of a device also needs its data-source form complete (e.g. a ChirpStack device profile)', () => {
    const device = state({ itemType: 'item', itemName: 'meter-1', dataSourceType: 'chirpstack' });
    expect(stepErrors(device, 1, { ...ok, formErrors: ['chirpstack.errors.deviceProfile'] })).toEqual([
      'chirpstack.errors.deviceProfile',
    ]);
    expect(stepErrors(device, 1, ok)).toEqual([]);
    expect(stepErrors({ ...device, dataSourceType: '' }, 1, ok)).toEqual(['nodes.wizard.errors.dataSource']);
    expect(stepErrors(device, 1, { ...ok, hasForm: false })).toEqual(['nodes.wizard.errors.dataSource']);
  });

  it('step 3 accepts an empty or whole-number connection timeout', () => {
    expect(stepErrors(state({ connectionTimeoutSec: '' }), 2, ok)).toEqual([]);
    expect(stepErrors(state({ connectionTimeoutSec: '0' }), 2, ok)).toEqual([]);
    expect(stepErrors(state({ connectionTimeoutSec: '1.5' }), 2, ok)).toEqual(['nodes.wizard.errors.timeout']);
  });

  it('styles step tabs as active, completed, error or disabled', () => {
    const visited = new Set([0, 1]);
    expect(stepStyle(1, 1, visited, false)).toBe('active');
    expect(stepStyle(0, 1, visited, true)).toBe('completed');
    expect(stepStyle(0, 1, visited, false)).toBe('error');
    expect(stepStyle(2, 1, visited, true)).toBe('disabled');
  });

  it('builds the POST /items body with trimmed texts and the profile’s defaults', () => {
    const result = wizardResult(
      state({
        itemType: 'item',
        itemName: ' meter-1 ',
        itemDescription: ' Main meter ',
        dataSourceType: 'chirpstack',
        dataSource: { deviceEUI: '70b3d57ed005a1b2 ', deviceProfile: 'p1' },
        tags: ['power', ' power ', ''],
        siteAddress: ' 1 Queen’s Road ',
        connectionTimeoutSec: '3600',
      }),
      {
        commands: [{ id: 'on', display: 'On' }],
        outputSimpleDefault: { power: 0, relay: 0 },
        outputConfig: { power: { unit: 'W', decimalPlace: 1 }, relay: { signal: 'digital' } },
        deviceProfileName: 'WS523',
      },
    );
    // The profile's fields become the input, in its order, with its output configuration.
    const { power, relay } = result.newItem.input as Record<string, FieldPreference>;
    expect(power).toMatchObject({ displayName: 'power', unit: 'W', decimalPlace: 1, signal: 'analog', seq: 1 });
    expect(relay).toMatchObject({ displayName: 'relay', signal: 'digital', seq: 2 });
    expect(Object.keys(result.newItem.input as object)).toEqual(['power', 'relay']);
    expect(result).toEqual({
      parentName: 'root',
      newItem: {
        itemType: 'item',
        itemName: 'meter-1',
        itemDescription: 'Main meter',
        dataSource: {
          type: 'chirpstack',
          deviceEUI: '70b3d57ed005a1b2',
          deviceProfile: 'p1',
          commands: [{ id: 'on', display: 'On' }],
          sensorType: 'WS523',
          connectionTimeoutSec: 3600,
          enableHistory: true,
        },
        input: result.newItem.input,
        outputSimple: { power: 0, relay: 0 },
        geoInfo: { tags: ['power'], site: { address: '1 Queen’s Road' } },
      },
    });
    const node = wizardResult(state({ itemType: 'node', itemName: 'hall', enableHistory: false }));
    expect(node.newItem.dataSource).toEqual({ enableHistory: false });
    expect(node.newItem.geoInfo).toEqual({ tags: [] });
  });
});
