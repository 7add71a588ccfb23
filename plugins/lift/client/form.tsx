import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { fieldErrors, withDeviceId } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'deviceProfile', labelKey: 'lift.form.deviceProfile', kind: 'profile', noneKey: 'lift.form.none' },
  { key: 'sn', labelKey: 'lift.form.sn', required: true },
  ...['buildingId', 'groupId', 'areaId', 'topFloor', 'bottomFloor'].map((key) => ({ key, labelKey: `lift.form.${key}` })),
];

/** The add-item wizard's Lift fields (node spec 3.2); errors show once a field is touched or on Next. */
export function LiftForm(props: DataSourceFormProps) {
  return (
    <DataSourceFields {...props} onChange={(value) => props.onChange(withDeviceId(value))} fields={FIELDS} rule={fieldErrors} />
  );
}
