import {
  Checkbox,
  Combobox,
  Field,
  Input,
  Label,
  makeStyles,
  Option,
  SpinButton,
  Switch,
  Textarea,
  tokens,
  useId,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type RequestState } from '@sensorium/core/client';
import { CONTACT_PRIORITY_MAX, CONTACT_TEXT_LIMITS } from '../../common';
import { CHANNELS, channelField, formErrors, type ContactForm } from './contact-form';

const useStyles = makeStyles({
  // Two columns where there is room, one on a phone.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalM,
  },
  wide: { gridColumn: '1 / -1' },
  channels: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
});

type TextField = 'name' | 'smsNum' | 'phone' | 'email' | 'post';
/** Room for a number typed with spaces and dashes, which the server takes out. */
const NUMBER_MAX_LENGTH = 30;
const MAX_LENGTHS: Record<TextField, number> = { ...CONTACT_TEXT_LIMITS, smsNum: NUMBER_MAX_LENGTH, phone: NUMBER_MAX_LENGTH };

/**
 * Add or edit a notification client: every field of accounts §3 "Contacts". Each field's problem shows once it has been
 * edited (all of them after Save); the server's own refusals (a taken name) show under their field.
 */
export const ContactDialog = observer(function ContactDialog(props: {
  title: string;
  initial: ContactForm;
  departments: readonly string[];
  request: RequestState;
  onSave(form: ContactForm): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState(props.initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const subscriptionId = useId('subscription');
  const problems = formErrors(form, t);
  const set = <K extends keyof ContactForm>(field: K, value: ContactForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    props.request.clear();
  };
  const message = (field: string) =>
    ((tried || touched.has(field)) && problems[field]) || props.request.fieldError(field) || undefined;
  const save = () => {
    setTried(true);
    if (Object.keys(problems).length === 0) props.onSave(form);
  };

  const text = (field: TextField, options: { required?: boolean; hint?: string; type?: 'email' | 'tel' } = {}) => (
    <Field
      label={t(`notifications.contacts.fields.${field}`)}
      required={options.required}
      hint={options.hint}
      validationMessage={message(field)}
    >
      <Input
        type={options.type}
        value={form[field]}
        maxLength={MAX_LENGTHS[field]}
        onChange={(_, data) => set(field, data.value)}
      />
    </Field>
  );

  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={t('notifications.contacts.save')}
      busy={props.request.pending}
      onConfirm={save}
      onCancel={props.onClose}
    >
      {props.request.failure && !props.request.failure.fields.size && (
        <Field validationMessage={props.request.failure.message ?? undefined} />
      )}
      <div className={styles.grid}>
        {text('name', { required: true })}
        {text('smsNum', { hint: t('notifications.contacts.hints.number'), type: 'tel' })}
        {text('phone', { hint: t('notifications.contacts.hints.number'), type: 'tel' })}
        {text('email', { type: 'email' })}
        <Field
          label={t('notifications.contacts.fields.department')}
          hint={t('notifications.contacts.hints.department')}
          validationMessage={message('department')}
        >
          <Combobox
            freeform
            value={form.department}
            selectedOptions={props.departments.includes(form.department) ? [form.department] : []}
            maxLength={CONTACT_TEXT_LIMITS.department}
            onChange={(event) => set('department', event.target.value)}
            // Typing a department that is not listed clears the selection, which must not clear the typed text.
            onOptionSelect={(_, data) => data.optionValue !== undefined && set('department', data.optionValue)}
          >
            {props.departments.map((department) => (
              <Option key={department}>{department}</Option>
            ))}
          </Combobox>
        </Field>
        {text('post')}
        <Field
          label={t('notifications.contacts.fields.priority')}
          hint={t('notifications.contacts.hints.priority')}
          validationMessage={message('priority')}
        >
          <SpinButton
            value={form.priority}
            min={1}
            max={CONTACT_PRIORITY_MAX}
            onChange={(_, data) => {
              const value = data.value ?? Number(data.displayValue);
              set('priority', Number.isFinite(value) ? value : form.priority);
            }}
          />
        </Field>
        <Field className={styles.wide} label={t('notifications.contacts.fields.misc')} validationMessage={message('misc')}>
          <Textarea
            value={form.misc}
            maxLength={CONTACT_TEXT_LIMITS.misc}
            onChange={(_, data) => set('misc', data.value)}
            resize="vertical"
          />
        </Field>
        <div className={styles.wide} role="group" aria-labelledby={subscriptionId}>
          <Label id={subscriptionId}>{t('notifications.contacts.fields.subscription')}</Label>
          <div className={styles.channels}>
            {CHANNELS.map((channel) => (
              <Checkbox
                key={channel}
                label={t(`notifications.contacts.channels.${channel}`)}
                checked={form[channelField(channel)]}
                disabled={form.unsubscribed}
                onChange={(_, data) => set(channelField(channel), data.checked === true)}
              />
            ))}
          </div>
        </div>
        <Field className={styles.wide} hint={t('notifications.contacts.hints.unsubscribed')}>
          <Switch
            label={t('notifications.contacts.fields.unsubscribed')}
            checked={form.unsubscribed}
            onChange={(_, data) => set('unsubscribed', data.checked)}
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
});
