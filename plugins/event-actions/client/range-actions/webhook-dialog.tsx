import { Checkbox, Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_METHODS, type RangeActionProps, type WebhookSetting } from '@sensorium/nodes/common';
import { isWebhookValid, visibleWebhookErrors, webhookErrors, webhookFormValue, type WebhookField } from './webhook-rules';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

const T = 'event-actions.webhook';

/**
 * Webhook configuration dialog of a range (node spec 2.9), the event-actions plugin's nodes.range-actions/v1
 * contribution: Enable, method (GET/POST), URL, headers and body as JSON text, a collapsible tip with the template
 * variables. Errors show once a field is touched; Save stays disabled while the form is invalid. The range keeps the
 * copy until the Field Settings' Save stores it.
 */
export function WebhookDialog(props: RangeActionProps<WebhookSetting>) {
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
  const { Frame } = props;

  return (
    <Frame
      title={t(`${T}.title`)}
      contentClassName={styles.body}
      saveDisabled={!valid}
      closeLabel={t(`${T}.cancel`)}
      onSave={() => props.save({ ...value, url: value.url.trim() })}
      variables={{}}
      onClose={props.onClose}
    >
      <Checkbox
        label={t(`${T}.enable`)}
        checked={value.enable}
        onChange={(_, data) => setValue((current) => ({ ...current, enable: data.checked === true }))}
      />
      <Field label={t(`${T}.method`)} required validationMessage={message('method')}>
        <Select value={value.method} onChange={(_, data) => change('method', data.value)} onBlur={() => touch('method')}>
          {WEBHOOK_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t(`${T}.url`)} required validationMessage={message('url')}>
        <Input
          value={value.url}
          placeholder="https://"
          onChange={(_, data) => change('url', data.value)}
          onBlur={() => touch('url')}
        />
      </Field>
      <Field label={t(`${T}.headers`)} validationMessage={message('headers')}>
        <Textarea
          className={styles.code}
          value={value.headers}
          rows={3}
          placeholder='{"Content-Type": "application/json"}'
          onChange={(_, data) => change('headers', data.value)}
          onBlur={() => touch('headers')}
        />
      </Field>
      <Field label={t(`${T}.body`)} validationMessage={message('body')}>
        <Textarea
          className={styles.code}
          value={value.body}
          rows={4}
          onChange={(_, data) => change('body', data.value)}
          onBlur={() => touch('body')}
        />
      </Field>
      {!valid && touched.size === 0 ? <Text size={200}>{t(`${T}.fillIn`)}</Text> : null}
    </Frame>
  );
}
