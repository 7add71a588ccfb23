import { Button, Checkbox, Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_METHODS, type WebhookSetting } from '../../common/field-preference';
import { TemplateVariablesTip } from './template-variables';
import { isWebhookValid, visibleWebhookErrors, webhookErrors, webhookFormValue, type WebhookField } from './dialog-rules';
import { DialogShell } from './dialog-shell';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

export interface WebhookDialogProps {
  /** The range's current webhook setting (absent: enable true, GET). */
  value: Partial<WebhookSetting> | undefined;
  /** Save: the edited copy, for the range editor to keep (the dialog makes no call). */
  onSave(value: WebhookSetting): void;
  /** Cancel or dismiss: the edits are discarded. */
  onClose(): void;
}

/**
 * Webhook configuration dialog (spec 2.9): Enable, method (GET/POST), URL, headers and body as JSON text, a collapsible
 * tip with the template variables. Errors show once a field is touched; Save stays disabled while the form is invalid.
 */
export function WebhookDialog(props: WebhookDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [value, setValue] = useState<WebhookSetting>(() => webhookFormValue(props.value));
  const [touched, setTouched] = useState<ReadonlySet<WebhookField>>(new Set());
  const touch = (field: WebhookField) => setTouched((current) => new Set(current).add(field));
  const change = (field: WebhookField, text: string) => {
    setValue((current) => ({ ...current, [field]: text }));
    touch(field);
  };
  const errors = visibleWebhookErrors(webhookErrors(value), touched);
  const message = (field: WebhookField) => (errors[field] ? t(errors[field]!) : undefined);
  const valid = isWebhookValid(value);

  return (
    <DialogShell
      label={t('nodes.webhook.title')}
      title={t('nodes.webhook.title')}
      alert
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="primary" disabled={!valid} onClick={() => props.onSave({ ...value, url: value.url.trim() })}>
            {t('nodes.save')}
          </Button>
          <Button onClick={props.onClose}>{t('nodes.webhook.cancel')}</Button>
        </>
      }
    >
      <Checkbox
        label={t('nodes.webhook.enable')}
        checked={value.enable}
        onChange={(_, data) => setValue((current) => ({ ...current, enable: data.checked === true }))}
      />
      <Field label={t('nodes.webhook.method')} required validationMessage={message('method')}>
        <Select value={value.method} onChange={(_, data) => change('method', data.value)} onBlur={() => touch('method')}>
          {WEBHOOK_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('nodes.webhook.url')} required validationMessage={message('url')}>
        <Input
          value={value.url}
          placeholder="https://"
          onChange={(_, data) => change('url', data.value)}
          onBlur={() => touch('url')}
        />
      </Field>
      <Field label={t('nodes.webhook.headers')} validationMessage={message('headers')}>
        <Textarea
          className={styles.code}
          value={value.headers}
          rows={3}
          placeholder='{"Content-Type": "application/json"}'
          onChange={(_, data) => change('headers', data.value)}
          onBlur={() => touch('headers')}
        />
      </Field>
      <Field label={t('nodes.webhook.body')} validationMessage={message('body')}>
        <Textarea
          className={styles.code}
          value={value.body}
          rows={4}
          onChange={(_, data) => change('body', data.value)}
          onBlur={() => touch('body')}
        />
      </Field>
      <TemplateVariablesTip />
      {!valid && touched.size === 0 ? <Text size={200}>{t('nodes.webhook.fillIn')}</Text> : null}
    </DialogShell>
  );
}
