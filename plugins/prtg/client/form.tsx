import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { fieldErrors } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'deviceProfile', labelKey: 'prtg.form.deviceProfile', kind: 'profile', noneKey: 'prtg.form.none' },
  { key: 'host', labelKey: 'prtg.form.host', required: true, placeholder: 'prtg.example.com' },
  { key: 'sensorId', labelKey: 'prtg.form.sensorId', required: true, placeholder: '2045' },
];

/** The add-item wizard's PRTG fields (node spec 3.2); errors show once a field is touched or on Next. */
export function PrtgForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
