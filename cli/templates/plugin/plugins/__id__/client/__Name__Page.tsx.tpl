{{#server}}
import { Body1, Button, Field, Input, makeStyles, MessageBar, Title2, tokens } from '@fluentui/react-components';
{{/server}}
{{^server}}
import { Body1, Button, Field, Input, makeStyles, Title2, tokens } from '@fluentui/react-components';
{{/server}}
import { observer } from 'mobx-react-lite';
{{#server}}
import { useEffect, useState, type FormEvent } from 'react';
{{/server}}
{{^server}}
import { useState, type FormEvent } from 'react';
{{/server}}
import { useTranslation } from 'react-i18next';
{{#server}}
import { readApiError, useNotify, usePluginStore } from '@sensorium/core/client';
{{/server}}
{{^server}}
import { usePluginStore } from '@sensorium/core/client';
{{/server}}
import { ITEM_NAME_MAX_LENGTH } from '../common';
import type { {{Name}}Store } from './store';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXXL, maxWidth: '640px' },
  form: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

function {{Name}}Page() {
  const styles = useStyles();
  const { t } = useTranslation();
  const store = usePluginStore<typeof {{Name}}Store>('{{camelName}}');
  const [name, setName] = useState('');
{{#server}}
  const notify = useNotify();

  useEffect(() => {
    void store.load();
  }, [store]);
{{/server}}

  const submit = {{#server}}async {{/server}}(event: FormEvent) => {
    event.preventDefault();
{{#server}}
    try {
      await store.add(name.trim());
    } catch (error) {
      // The server's message is already in the user's language.
      notify({ intent: 'error', title: t('{{id}}.addFailed'), body: (await readApiError(error))?.message });
      return;
    }
{{/server}}
{{^server}}
    store.add(name.trim());
{{/server}}
    setName('');
  };

  return (
    <section className={styles.page}>
      <Title2 as="h1">{t('{{id}}.title')}</Title2>
      <form className={styles.form} onSubmit={{{#server}}(event) => void submit(event){{/server}}{{^server}}submit{{/server}}}>
        <Field label={t('{{id}}.name')}>
          <Input value={name} maxLength={ITEM_NAME_MAX_LENGTH} onChange={(_event, data) => setName(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={name.trim() === ''}>
          {t('{{id}}.add')}
        </Button>
      </form>
{{#server}}
      {store.loading.failure && (
        <MessageBar intent="error">{store.loading.failure.message ?? t('{{id}}.loadFailed')}</MessageBar>
      )}
{{/server}}
      {store.items.length === 0 ? (
        <Body1>{t('{{id}}.empty')}</Body1>
      ) : (
        <ul className={styles.list} aria-label={t('{{id}}.listLabel')}>
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

export default observer({{Name}}Page);
