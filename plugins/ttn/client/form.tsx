import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { applyHexMask, type HexMask, TTN_ADDRESS_MASK, TTN_EUI_MASK, TTN_KEY_MASK } from '@sensorium/nodes/common';
import { fieldErrors } from './rules';

const otaa = (value: Record<string, unknown>) => value.activateMethod !== 'ABP';
const abp = (value: Record<string, unknown>) => value.activateMethod === 'ABP';
const masked = (mask: HexMask) => ({ kind: 'mask' as const, mask: (text: string) => applyHexMask(text, mask) });

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'deviceEUI', labelKey: 'ttn.form.deviceEUI', required: true, placeholder: 'eui-70b3d57ed005a1b2' },
  // Device ids are unique only within a TTS application: uplinks, commands and deletes need both.
  { key: 'application', labelKey: 'ttn.form.application', required: true, placeholder: 'parking-lot' },
  {
    key: 'activateMethod',
    labelKey: 'ttn.form.activateMethod',
    required: true,
    kind: 'select',
    options: [{ value: '', labelKey: 'ttn.form.choose' }, { value: 'OTAA' }, { value: 'ABP' }],
  },
  { key: 'devEUI', labelKey: 'ttn.form.devEUI', ...masked(TTN_EUI_MASK), placeholder: '70-B3-D5-7E-D0-05-A1-B2' },
  { key: 'appEUI', labelKey: 'ttn.form.appEUI', ...masked(TTN_EUI_MASK), visible: otaa },
  { key: 'appKey', labelKey: 'ttn.form.appKey', ...masked(TTN_KEY_MASK), visible: otaa },
  { key: 'devAddress', labelKey: 'ttn.form.devAddress', ...masked(TTN_ADDRESS_MASK), visible: abp },
  { key: 'netSessKey', labelKey: 'ttn.form.netSessKey', ...masked(TTN_KEY_MASK), visible: abp },
];

/** The add-item wizard's The Things Stack (TTN) fields (node spec 3.2); errors show once a field is touched or on Next. */
export function TtnForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
