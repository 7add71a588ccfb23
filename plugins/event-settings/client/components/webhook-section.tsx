import { Dropdown, Field, Input, Option, Subtitle2, Switch, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_METHODS, type WebhookSetting } from '@sensorium/nodes/common';
import { useSectionStyles, type SectionProps } from './section';

/** Webhook: enable, HTTP method, URL, headers and body as JSON. */
export function WebhookSection({ settings, change, error }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const webhook = settings.actions.webhook;
  const set = (recipe: (draft: WebhookSetting) => void) => change((draft) => recipe(draft.actions.webhook));
  const at = (field: string) => error(`actions.webhook.${field}`);
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.webhook.heading')}</Subtitle2>
      <Switch
        label={t('event-settings.webhook.enable')}
        checked={webhook.enable}
        onChange={(_, data) => set((draft) => void (draft.enable = data.checked))}
      />
      {webhook.enable && (
        <>
          <div className={styles.row}>
            <Field label={t('event-settings.webhook.method')} validationMessage={at('method')} className={styles.narrow}>
              <Dropdown
                value={webhook.method}
                selectedOptions={[webhook.method]}
                onOptionSelect={(_, data) => set((draft) => void (draft.method = data.optionValue as WebhookSetting['method']))}
              >
                {WEBHOOK_METHODS.map((method) => (
                  <Option key={method}>{method}</Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('event-settings.webhook.url')} required validationMessage={at('url')} className={styles.grow}>
              <Input type="url" value={webhook.url} onChange={(_, data) => set((draft) => void (draft.url = data.value))} />
            </Field>
          </div>
          <Field label={t('event-settings.webhook.headers')} validationMessage={at('headers')}>
            <Textarea value={webhook.headers} onChange={(_, data) => set((draft) => void (draft.headers = data.value))} />
          </Field>
          <Field label={t('event-settings.webhook.body')} validationMessage={at('body')}>
            <Textarea value={webhook.body} onChange={(_, data) => set((draft) => void (draft.body = data.value))} />
          </Field>
        </>
      )}
    </div>
  );
}
