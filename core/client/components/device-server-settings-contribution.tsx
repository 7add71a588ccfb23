import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore } from '../context';
import type { OrganisationSettingSectionProps } from '../extension-points';
import { lazyComponent } from '../lazy-component';
import type { deviceServerSettingsModel } from '../store/device-server-settings';

// The form loads with the Organisation Settings page, not with the plugin that contributes it.
const DeviceServerSettingsSection = lazyComponent(
  () => import('./device-server-settings-section'),
  'DeviceServerSettingsSection',
);

/**
 * The Organisation Settings section of one data-source plugin, reading its store (a deviceServerSettingsModel added
 * under `storeName`) and its texts (the title, and what the secret is called).
 */
export function deviceServerSettingsSection(options: {
  storeName: string;
  titleKey: string;
  secretLabelKey: string;
}): ComponentType<OrganisationSettingSectionProps> {
  return observer(function DeviceServerSettings({ organisationId }: OrganisationSettingSectionProps) {
    const { t } = useTranslation();
    const store = usePluginStore<ReturnType<typeof deviceServerSettingsModel>>(options.storeName);
    return (
      <DeviceServerSettingsSection
        store={store}
        organisationId={organisationId}
        title={t(options.titleKey)}
        secretLabel={t(options.secretLabelKey)}
      />
    );
  });
}
