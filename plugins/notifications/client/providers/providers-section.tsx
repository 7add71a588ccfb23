import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore, type OrganisationSettingSectionProps } from '@sensorium/core/client';
import { PROVIDER_CHANNELS } from '../../common';
import { OrganisationSectionFrame } from '../organisation-section-frame';
import { ProviderFormView } from './provider-form';
import { PROVIDERS_STORE, type ProvidersStore } from './store';

const useStyles = makeStyles({
  channel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

const TEXT = 'notifications.providers';

/**
 * Organisation Settings > Notification Providers: for SMS, WhatsApp and voice, which provider sends (the organisation's
 * own, the operator's default, or none) and a form to set it. A cloud user without an organisation sets the defaults.
 */
export const ProvidersSection = observer(function ProvidersSection({ organisationId }: OrganisationSettingSectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = usePluginStore<typeof ProvidersStore>(PROVIDERS_STORE);

  useEffect(() => void store.open(organisationId), [store, organisationId]);

  return (
    <OrganisationSectionFrame
      texts={TEXT}
      pending={store.loading.pending}
      loaded={Boolean(store.answer)}
      failure={store.loading.failure?.message}
      retry={() => void store.open(organisationId)}
    >
      {() => (
        <>
          {store.editingDefaults && <Text>{t(`${TEXT}.chooseOrganisation`)}</Text>}
          {PROVIDER_CHANNELS.map((channel) => (
            <section key={channel} className={styles.channel} aria-label={t(`${TEXT}.channels.${channel}`)}>
              <Text as="h3" weight="semibold" size={400}>
                {t(`${TEXT}.channels.${channel}`)}
              </Text>
              {!store.editingDefaults && (
                <Text>
                  <strong>{t(`${TEXT}.inUse`)}</strong> {t(`${TEXT}.source.${store.source(channel)}`)}
                </Text>
              )}
              <ProviderFormView key={`${channel}-${store.revision}`} store={store} channel={channel} />
            </section>
          ))}
        </>
      )}
    </OrganisationSectionFrame>
  );
});
