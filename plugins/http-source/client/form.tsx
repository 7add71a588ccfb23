import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DataSourceFormProps } from '@sensorium/core/client';

/** The generic API source has no settings: a hint where the values are sent (node spec 3.2). */
export function HttpSourceForm(_props: DataSourceFormProps) {
  const { t } = useTranslation();
  return <Text size={200}>{t('http-source.form.hint')}</Text>;
}
