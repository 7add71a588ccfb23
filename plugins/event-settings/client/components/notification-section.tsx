import { Checkbox, Field, Input, Subtitle2, Switch, Text, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useService } from '@sensorium/core/client';
import { ContactDepartmentsToken, EscalationControlsToken } from '@sensorium/notifications/common';
import { TEMPLATE_VARIABLES } from '@sensorium/nodes/common';
import type { RuleNotificationSetting } from '../../common';
import { numberOrNull, useSectionStyles, type SectionProps } from './section';

type Channel = 'smsEnabled' | 'whatsappEnabled' | 'emailEnabled' | 'voiceEnabled';
const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'smsEnabled', label: 'event-settings.notification.sms' },
  { key: 'whatsappEnabled', label: 'event-settings.notification.whatsapp' },
  { key: 'emailEnabled', label: 'event-settings.notification.email' },
  { key: 'voiceEnabled', label: 'event-settings.notification.voice' },
];

/**
 * Channels with a department filter (the contacts' departments), escalation (the range dialog's controls), the SMS and
 * e-mail templates and the voice flow.
 */
export function NotificationSection({ appId, settings, change, error }: SectionProps & { appId: string }) {
  const { t } = useTranslation();
  const { DepartmentsDropdown } = useService(ContactDepartmentsToken);
  const { EscalationFields } = useService(EscalationControlsToken);
  const styles = useSectionStyles();
  const notification = settings.actions.notification;
  const set = (recipe: (draft: RuleNotificationSetting) => void) => change((draft) => recipe(draft.actions.notification));
  const at = (field: string) => error(`actions.notification.${field}`);
  const text = (field: 'smsTemplate' | 'emailTemplate' | 'voiceTemplate' | 'voiceResumeTemplate' | 'voiceAckMessage') => ({
    value: notification[field],
    onChange: (_: unknown, data: { value: string }) => set((draft) => void (draft[field] = data.value)),
  });
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.notification.heading')}</Subtitle2>
      <Field label={t('event-settings.notification.channels')}>
        <div className={styles.row}>
          {CHANNELS.map(({ key, label }) => (
            <Checkbox
              key={key}
              label={t(label)}
              checked={notification[key]}
              onChange={(_, data) => set((draft) => void (draft[key] = data.checked === true))}
            />
          ))}
        </div>
      </Field>
      <Field
        label={t('event-settings.notification.departments')}
        hint={t('event-settings.notification.departmentsHint')}
        validationMessage={at('departments')}
      >
        <DepartmentsDropdown
          appId={appId}
          value={notification.departments}
          onChange={(departments) => set((draft) => void (draft.departments = departments))}
        />
      </Field>
      <EscalationFields
        value={notification.escalation}
        onChange={(escalation) => set((draft) => void (draft.escalation = escalation))}
      />
      <Text size={200}>
        {t('event-settings.notification.variables')}:{' '}
        {TEMPLATE_VARIABLES.map(
          (variable) => `${t(`event-settings.notification.variable.${variable.key}`)} ${variable.token}`,
        ).join(', ')}
      </Text>
      {(notification.smsEnabled || notification.whatsappEnabled) && (
        <Field label={t('event-settings.notification.smsTemplate')} validationMessage={at('smsTemplate')}>
          <Textarea {...text('smsTemplate')} />
        </Field>
      )}
      {notification.emailEnabled && (
        <Field label={t('event-settings.notification.emailTemplate')} validationMessage={at('emailTemplate')}>
          <Textarea {...text('emailTemplate')} resize="vertical" />
        </Field>
      )}
      {notification.voiceEnabled && (
        <>
          <Subtitle2 as="h4">{t('event-settings.notification.voiceFlow')}</Subtitle2>
          <Field label={t('event-settings.notification.voiceTrigger')} validationMessage={at('voiceTemplate')}>
            <Textarea {...text('voiceTemplate')} />
          </Field>
          <Field label={t('event-settings.notification.voiceResume')} validationMessage={at('voiceResumeTemplate')}>
            <Textarea {...text('voiceResumeTemplate')} />
          </Field>
          <Field hint={t('event-settings.notification.replyToAckHint')}>
            <Switch
              label={t('event-settings.notification.replyToAck')}
              checked={notification.voiceReplyToAck}
              onChange={(_, data) => set((draft) => void (draft.voiceReplyToAck = data.checked))}
            />
          </Field>
          {notification.voiceReplyToAck && (
            <Field label={t('event-settings.notification.ackMessage')} validationMessage={at('voiceAckMessage')}>
              <Input {...text('voiceAckMessage')} />
            </Field>
          )}
          <Field
            label={t('event-settings.notification.callTimeout')}
            validationMessage={at('voiceCallTimeoutSec')}
            className={styles.narrow}
          >
            <Input
              type="number"
              min={5}
              max={600}
              value={String(notification.voiceCallTimeoutSec)}
              onChange={(_, data) => set((draft) => void (draft.voiceCallTimeoutSec = numberOrNull(data.value) ?? 0))}
            />
          </Field>
        </>
      )}
    </div>
  );
}
