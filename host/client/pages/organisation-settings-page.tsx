import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organisationSettingSections, PageHeader, useContributions, usePageStyles, useSessionUser } from '@sensorium/core/client';

const useStyles = makeStyles({
  chooser: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
});

/** Chooses the organisation a cloud user manages; empty shows the operator's defaults. */
function OrganisationChooser(props: { onChoose(organisationId: string | null): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState('');
  return (
    <form
      className={styles.chooser}
      onSubmit={(event) => {
        event.preventDefault();
        props.onChoose(draft.trim() || null);
      }}
    >
      <Field label={t('shell.organisationSettings.organisationId')} hint={t('shell.organisationSettings.operatorView')}>
        <Input value={draft} maxLength={64} onChange={(_, data) => setDraft(data.value)} />
      </Field>
      <Button type="submit">{t('shell.organisationSettings.show')}</Button>
    </form>
  );
}

/**
 * Advance Setting > Organisation Settings: the sections plugins contribute (organisationSettingSections), for the
 * caller's organisation, or for the organisation a cloud user chooses.
 */
export default function OrganisationSettingsPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const user = useSessionUser();
  const contributed = useContributions(organisationSettingSections);
  const sections = useMemo(() => [...contributed].sort((a, b) => a.order - b.order), [contributed]);
  const [chosen, setChosen] = useState<string | null>(null);
  const isCloud = user?.level === 'cloud';
  const organisationId = isCloud ? chosen : (user?.organisationId ?? null);

  return (
    <section className={layout.page}>
      <PageHeader title={t('shell.organisationSettings.title')} />
      <Text>{t('shell.organisationSettings.intro')}</Text>
      {isCloud && <OrganisationChooser onChoose={setChosen} />}
      {!isCloud && !organisationId ? (
        <Text>{t('shell.organisationSettings.noOrganisation')}</Text>
      ) : (
        sections.map(({ id, component: Section }) => <Section key={id} organisationId={organisationId} />)
      )}
      {sections.length === 0 && <Text>{t('shell.organisationSettings.empty')}</Text>}
    </section>
  );
}
