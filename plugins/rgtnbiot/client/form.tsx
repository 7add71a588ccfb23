import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { fieldErrors } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'deviceProfile', labelKey: 'rgtnbiot.form.deviceProfile', kind: 'profile', noneKey: 'rgtnbiot.form.none' },
  { key: 'deviceEUI', labelKey: 'rgtnbiot.form.deviceEUI', required: true, placeholder: '867530912345678' },
];

/** The add-item wizard's RGT NB-IoT fields (node spec 3.2); errors show once a field is touched or on Next. */
export function RgtnbiotForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
