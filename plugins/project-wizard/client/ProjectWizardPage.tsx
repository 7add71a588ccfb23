import { Body1, Button, Field, Input, makeStyles, MessageBar, Title2, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError, useNotify, usePluginStore } from '@sensorium/core/client';
import { ITEM_NAME_MAX_LENGTH } from '../common';
import type { ProjectWizardStore } from './store';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    maxWidth: '640px',
  },
  form: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

function ProjectWizardPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const store = usePluginStore<typeof ProjectWizardStore>('projectWizard');
  const [name, setName] = useState('');
  const notify = useNotify();

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await store.add(name.trim());
    } catch (error) {
      // The server's message is already in the user's language.
      notify({ intent: 'error', title: t('project-wizard.addFailed'), body: (await readApiError(error))?.message });
      return;
    }
    setName('');
  };

  return (
    <section className={styles.page}>
      <Title2 as="h1">{t('project-wizard.title')}</Title2>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <Field label={t('project-wizard.name')}>
          <Input value={name} maxLength={ITEM_NAME_MAX_LENGTH} onChange={(_event, data) => setName(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={name.trim() === ''}>
          {t('project-wizard.add')}
        </Button>
      </form>
      {store.loading.failure && (
        <MessageBar intent="error">{store.loading.failure.message ?? t('project-wizard.loadFailed')}</MessageBar>
      )}
      {store.items.length === 0 ? (
        <Body1>{t('project-wizard.empty')}</Body1>
      ) : (
        <ul className={styles.list} aria-label={t('project-wizard.listLabel')}>
          {store.items.map((item) => (
            <li key={item.id}>
              <Body1>{item.name}</Body1>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default observer(ProjectWizardPage);
