import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ItemSettingsTabProps } from '@sensorium/nodes/common';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
});

/**
 * The item panel's "{{title}}" tab, on {{title}} items only: the device's id and the time of its last uplink, from the
 * item the console keeps live. Contributed to the nodes plugin's itemSettingsTabs by client/index.ts.
 */
export function {{Name}}DeviceTab({ item }: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <dl className={styles.list}>
      <Text as="span" weight="semibold">
        {t('{{id}}.deviceId')}
      </Text>
      <Text as="span">{item.dataSource.deviceEUI ?? ''}</Text>
      <Text as="span" weight="semibold">
        {t('{{id}}.lastUplink')}
      </Text>
      <Text as="span">{item.lastReceiveDate ? new Date(item.lastReceiveDate).toLocaleString() : t('{{id}}.noUplink')}</Text>
    </dl>
  );
}
