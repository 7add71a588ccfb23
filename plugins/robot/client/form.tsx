import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { fieldErrors, withDeviceId } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'deviceProfile', labelKey: 'robot.form.deviceProfile', kind: 'profile', noneKey: 'robot.form.none' },
  { key: 'sn', labelKey: 'robot.form.sn', required: true },
  { key: 'serverType', labelKey: 'robot.form.serverType' },
  { key: 'jobType', labelKey: 'robot.form.jobType' },
  { key: 'robotInfo', labelKey: 'robot.form.robotInfo', kind: 'textarea' },
  { key: 'deviceExtraInfo', labelKey: 'robot.form.deviceExtraInfo', kind: 'textarea', placeholder: '{"mapId": 1}' },
];

/** The add-item wizard's Robot fields (node spec 3.2); errors show once a field is touched or on Next. */
export function RobotForm(props: DataSourceFormProps) {
  return (
    <DataSourceFields {...props} onChange={(value) => props.onChange(withDeviceId(value))} fields={FIELDS} rule={fieldErrors} />
  );
}
