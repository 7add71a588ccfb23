import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { applyHexMask, PLAIN_EUI_MASK, PLAIN_KEY_MASK } from '@sensorium/nodes/common';
import { fieldErrors } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  {
    key: 'deviceProfile',
    labelKey: 'chirpstack.form.deviceProfile',
    kind: 'profile',
    noneKey: 'chirpstack.form.none',
    required: true,
  },
  { key: 'deviceName', labelKey: 'chirpstack.form.deviceName' },
  {
    key: 'deviceEUI',
    labelKey: 'chirpstack.form.deviceEUI',
    kind: 'mask',
    mask: (text) => applyHexMask(text, PLAIN_EUI_MASK),
    required: true,
    placeholder: '70b3d57ed005a1b2',
  },
  {
    key: 'otaaKey',
    labelKey: 'chirpstack.form.otaaKey',
    kind: 'mask',
    mask: (text) => applyHexMask(text, PLAIN_KEY_MASK),
    required: true,
  },
  { key: 'tenant', labelKey: 'chirpstack.form.tenant' },
  { key: 'application', labelKey: 'chirpstack.form.application' },
  { key: 'sensorType', labelKey: 'chirpstack.form.sensorType' },
  { key: 'downlinkData', labelKey: 'chirpstack.form.downlinkData', kind: 'textarea' },
];

/** The add-item wizard's ChirpStack fields (node spec 3.2); errors show once a field is touched or on Next. */
export function ChirpstackForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
