import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { applyHexMask, type HexMask, PLAIN_ADDRESS_MASK, PLAIN_EUI_MASK, PLAIN_KEY_MASK } from '@sensorium/nodes/common';
import { fieldErrors } from './rules';

type Value = Record<string, unknown>;
const otaa = (value: Value) => value.activateMethod !== 'ABP';
const abp = (value: Value) => value.activateMethod === 'ABP';
const masked = (mask: HexMask) => ({ kind: 'mask' as const, mask: (text: string) => applyHexMask(text, mask) });

const FIELDS: readonly DataSourceFieldSpec[] = [
  {
    key: 'deviceProfile',
    labelKey: 'trackcentral.form.deviceProfile',
    kind: 'profile',
    noneKey: 'trackcentral.form.none',
    required: true,
  },
  {
    key: 'activateMethod',
    labelKey: 'trackcentral.form.activateMethod',
    required: true,
    kind: 'select',
    options: [{ value: 'OTAA' }, { value: 'ABP' }],
  },
  {
    key: 'version',
    labelKey: 'trackcentral.form.version',
    required: true,
    kind: 'select',
    options: [{ value: '1.0' }, { value: '1.1' }],
  },
  { key: 'deviceEUI', labelKey: 'trackcentral.form.deviceEUI', required: true, ...masked(PLAIN_EUI_MASK) },
  { key: 'joineui', labelKey: 'trackcentral.form.joineui', ...masked(PLAIN_EUI_MASK), visible: otaa },
  { key: 'appkey', labelKey: 'trackcentral.form.appkey', ...masked(PLAIN_KEY_MASK), visible: otaa },
  {
    key: 'nwkkey',
    labelKey: 'trackcentral.form.nwkkey',
    ...masked(PLAIN_KEY_MASK),
    visible: (v) => otaa(v) && v.version === '1.1',
  },
  { key: 'devKey', labelKey: 'trackcentral.form.devKey', visible: otaa },
  { key: 'devAddress', labelKey: 'trackcentral.form.devAddress', ...masked(PLAIN_ADDRESS_MASK), visible: abp },
  { key: 'appsKey', labelKey: 'trackcentral.form.appsKey', ...masked(PLAIN_KEY_MASK), visible: abp },
  { key: 'netSessKey', labelKey: 'trackcentral.form.netSessKey', ...masked(PLAIN_KEY_MASK), visible: abp },
  {
    key: 'nwkskeyup',
    labelKey: 'trackcentral.form.nwkskeyup',
    ...masked(PLAIN_KEY_MASK),
    visible: (v) => abp(v) && v.version === '1.1',
  },
  {
    key: 'nwkskeydn',
    labelKey: 'trackcentral.form.nwkskeydn',
    ...masked(PLAIN_KEY_MASK),
    visible: (v) => abp(v) && v.version === '1.1',
  },
  {
    key: 'routerid',
    labelKey: 'trackcentral.form.routerid',
    visible: (value, props) =>
      props.deviceProfiles?.find((profile) => profile.uuid === value.deviceProfile)?.subType === 'gateway',
  },
];

/** The add-item wizard's TrackCentral fields (node spec 3.2); errors show once a field is touched or on Next. */
export function TrackcentralForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
