import { DataSourceFields, type DataSourceFieldSpec, type DataSourceFormProps } from '@sensorium/core/client';
import { fieldErrors } from './rules';

const FIELDS: readonly DataSourceFieldSpec[] = [
  { key: 'url', labelKey: 'crawler.form.url', required: true, placeholder: 'https://' },
  { key: 'intervalSec', labelKey: 'crawler.form.intervalSec', placeholder: '60' },
];

/** The add-item wizard's Crawler fields (node spec 3.2); errors show once a field is touched or on Next. */
export function CrawlerForm(props: DataSourceFormProps) {
  return <DataSourceFields {...props} fields={FIELDS} rule={fieldErrors} />;
}
