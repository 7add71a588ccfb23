import { Button, Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@sensorium/core/client';
import {
  CALL_TIMEOUT_LIMITS,
  HTTP_PROVIDER_METHODS,
  PROVIDER_KINDS,
  TWILIO_BASE_URL,
  type ProviderChannel,
  type ProviderKind,
} from '../../common';
import { providerForm, providerFormErrors, type ProviderForm, type ProvidersStoreInstance } from './store';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const TEXT = 'notifications.providers';
/** Examples of the template variables, shown in the hints as they are written (not translated). */
const EXAMPLES = {
  url: '{{ to }}, {{ message }}, {{ callbackUrl }}',
  headers: '{{ secret }}',
  body: '{"to": "{{ to }}", "text": "{{ message }}"}',
};

type TextField = Exclude<keyof ProviderForm, 'channel'>;

/** One channel's provider form, starting from what is stored (re-mounted for each answer). */
export const ProviderFormView = observer(function ProviderFormView(props: {
  store: ProvidersStoreInstance;
  channel: ProviderChannel;
}) {
  const { store, channel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const stored = store.own(channel);
  const [form, setForm] = useState<ProviderForm>(() => providerForm(channel, stored));
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secretStored = stored?.kind === form.kind && stored.secretMasked !== null;
  const errors = providerFormErrors(form, secretStored);
  const saving = store.saving.pending;

  const problem = (field: TextField) => {
    const own = tried ? errors[field] : undefined;
    const message = own ? t(own.key, own.params) : store.savingChannel === channel ? store.saving.fieldError(field) : undefined;
    return message ? { validationState: 'error' as const, validationMessage: message } : {};
  };
  const set = (field: TextField) => (_: unknown, data: { value: string }) => {
    setForm((before) => ({ ...before, [field]: data.value }));
    store.edited();
  };
  const text = (field: TextField, options: { required?: boolean; hint?: string; type?: 'url' | 'tel' | 'number' } = {}) => (
    <Field label={t(`${TEXT}.fields.${field}`)} required={options.required} hint={options.hint} {...problem(field)}>
      <Input type={options.type} value={form[field]} onChange={set(field)} />
    </Field>
  );
  const saveFailure = store.savingChannel === channel && store.saving.failure?.fields.size === 0 ? store.saving.failure : null;
  const failure = saveFailure ?? (store.removingChannel === channel ? store.removing.failure : null);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (Object.keys(errors).length === 0) void store.save(form);
      }}
    >
      <Field label={t(`${TEXT}.fields.kind`)}>
        <Select value={form.kind} onChange={(_, data) => set('kind')(_, { value: data.value as ProviderKind })}>
          {PROVIDER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`${TEXT}.kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      {form.kind === 'twilio' ? (
        <>
          {text('baseUrl', { type: 'url', hint: t(`${TEXT}.fields.baseUrlHint`, { url: TWILIO_BASE_URL }) })}
          {text('accountSid', { required: true })}
          {text('from', { type: 'tel', required: !form.messagingServiceSid, hint: t(`${TEXT}.fields.fromHint`) })}
          {channel !== 'voice' && text('messagingServiceSid')}
        </>
      ) : (
        <>
          {text('url', { required: true, hint: t(`${TEXT}.fields.urlHint`, { example: EXAMPLES.url }) })}
          <Field label={t(`${TEXT}.fields.method`)}>
            <Select value={form.method} onChange={(_, data) => set('method')(_, data)}>
              {HTTP_PROVIDER_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </Select>
          </Field>
          <Field
            label={t(`${TEXT}.fields.headers`)}
            hint={t(`${TEXT}.fields.headersHint`, { example: EXAMPLES.headers })}
            {...problem('headers')}
          >
            <Textarea value={form.headers} onChange={set('headers')} resize="vertical" />
          </Field>
          <Field
            label={t(`${TEXT}.fields.body`)}
            hint={t(`${TEXT}.fields.bodyHint`, { example: EXAMPLES.body })}
            {...problem('body')}
          >
            <Textarea value={form.body} onChange={set('body')} resize="vertical" />
          </Field>
          {text('messageIdPath', { hint: t(`${TEXT}.fields.messageIdPathHint`) })}
        </>
      )}
      {channel === 'voice' && (
        <>
          {text('callTimeoutSeconds', { type: 'number', hint: `${CALL_TIMEOUT_LIMITS.min}–${CALL_TIMEOUT_LIMITS.max}` })}
          {text('sayLanguage', { hint: t(`${TEXT}.fields.sayLanguageHint`) })}
        </>
      )}
      <Field
        label={t(`${TEXT}.fields.${form.kind}Secret`)}
        required={!secretStored}
        hint={secretStored ? t(`${TEXT}.fields.keepSecret`, { masked: stored!.secretMasked }) : undefined}
        {...problem('secret')}
      >
        <Input type="password" autoComplete="new-password" value={form.secret} onChange={set('secret')} />
      </Field>
      {failure && <Text role="alert">{failure.message ?? t(`${TEXT}.saveFailed`)}</Text>}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving}>
          {t(`${TEXT}.save`)}
        </Button>
        {store.source(channel) === 'own' && (
          <Button disabled={store.removing.pending} onClick={() => setConfirming(true)}>
            {t(`${TEXT}.useDefault`)}
          </Button>
        )}
        {store.savedChannel === channel && <Text role="status">{t(`${TEXT}.saved`)}</Text>}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(`${TEXT}.useDefault`)}
          message={t(`${TEXT}.confirmUseDefault`, { channel: t(`${TEXT}.channels.${channel}`) })}
          busy={store.removing.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void store.remove(channel).then((ok) => ok && setConfirming(false))}
        />
      )}
    </form>
  );
});
