import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Spinner,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TabList,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, useHttp } from '@sensorium/core/client';
import type { NotificationSetting, RangeActionProps } from '@sensorium/nodes/common';
import { CONTACTS_PAGE_SIZE } from '../../common';
import { DepartmentsChoice } from '../contacts/departments-dropdown';
import { ContactsStore } from '../contacts/store';
import type { EmailTemplateEditorHandle } from './email-template-editor';
import { EscalationFields, escalationValid } from './escalation-fields';
import { contactChannel, contactChannels, notificationFormValue } from './notification-rules';
import { smsLength } from './sms-length';

/** Lexical loads with the dialog's first render, not with the console. */
const EmailTemplateEditor = lazy(() => import('./email-template-editor'));

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '95vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  channels: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  // Columns sized by their content; a table wider than a phone scrolls sideways.
  tableBox: { overflowX: 'auto', maxWidth: '100%' },
  table: { tableLayout: 'auto', width: 'auto', minWidth: '100%' },
  email: { minWidth: '150px' },
});

type TemplateTab = 'sms' | 'email' | 'voice';
const T = 'notifications.rangeNotification';

/**
 * Notification Setting dialog of a range (node spec 2.7), the notifications plugin's nodes.range-actions/v1
 * contribution: channels, the collapsible contacts table (the Notification Client list: keyword search, 10 rows a page,
 * '(Unsubscribed)' for channels a contact does not receive), departments, and the SMS/Whatsapp (with its length and
 * SMS count), e-mail (rich text) and voice templates with their variables; escalation under the departments.
 */
export const NotificationDialog = observer(function NotificationDialog(props: RangeActionProps<NotificationSetting>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const http = useHttp();
  const [contacts] = useState(() => ContactsStore.create({}, { http }));
  const [value, setValue] = useState<NotificationSetting>(() => notificationFormValue(props.value));
  const [tab, setTab] = useState<TemplateTab>('sms');
  const emailEditor = useRef<EmailTemplateEditorHandle>(null);
  const smsBox = useRef<HTMLTextAreaElement>(null);
  const voiceBox = useRef<HTMLTextAreaElement>(null);

  const { appId } = props;
  useEffect(() => {
    void contacts.open(appId);
    return () => contacts.cancel();
  }, [contacts, appId]);

  const unsubscribed = t(`${T}.unsubscribed`);
  const set = <K extends keyof NotificationSetting>(key: K, next: NotificationSetting[K]) =>
    setValue((current) => ({ ...current, [key]: next }));

  /** Inserts a variable at the caret of the open template. */
  const insert = (token: string) => {
    if (tab === 'email') {
      emailEditor.current?.insertText(token);
      return;
    }
    const key = tab === 'sms' ? 'smsTemplate' : 'voiceTemplate';
    const box = (tab === 'sms' ? smsBox : voiceBox).current;
    const text = value[key];
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    set(key, text.slice(0, start) + token + text.slice(end));
  };

  const channels = [
    ['smsEnabled', `${T}.sms`],
    ['whatsappEnabled', `${T}.whatsapp`],
    ['emailEnabled', `${T}.email`],
    ['voiceEnabled', `${T}.voice`],
  ] as const;
  const { Frame } = props;

  return (
    <Frame
      title={t(`${T}.title`)}
      surfaceClassName={styles.surface}
      contentClassName={styles.body}
      onSave={() => props.save(value)}
      saveDisabled={!escalationValid(value.escalation)}
      variables={{ onInsert: insert }}
      onClose={props.onClose}
    >
      <div className={styles.channels} role="group" aria-label={t(`${T}.channels`)}>
        {channels.map(([key, label]) => (
          <Checkbox key={key} label={t(label)} checked={value[key]} onChange={(_, data) => set(key, data.checked === true)} />
        ))}
      </div>

      <Accordion collapsible>
        <AccordionItem value="contacts">
          <AccordionHeader>{t(`${T}.contacts`)}</AccordionHeader>
          <AccordionPanel>
            <Input
              value={contacts.keyword}
              placeholder={t(`${T}.search`)}
              aria-label={t(`${T}.search`)}
              onChange={(_, data) => contacts.search(data.value)}
            />
            <div className={styles.tableBox}>
              <Table size="small" aria-label={t(`${T}.contacts`)} className={styles.table}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t(`${T}.name`)}</TableHeaderCell>
                    <TableHeaderCell>{t(`${T}.smsNum`)}</TableHeaderCell>
                    <TableHeaderCell>{t(`${T}.phone`)}</TableHeaderCell>
                    <TableHeaderCell className={styles.email}>{t(`${T}.emailColumn`)}</TableHeaderCell>
                    <TableHeaderCell>{t(`${T}.department`)}</TableHeaderCell>
                    <TableHeaderCell>{t(`${T}.post`)}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {contacts.contacts.map((contact) => {
                    const receives = contactChannels(contact);
                    return (
                      <TableRow key={contact.id}>
                        <TableCell>{contact.name}</TableCell>
                        <TableCell>{contactChannel(contact.smsNum, receives.sms, unsubscribed)}</TableCell>
                        <TableCell>{contactChannel(contact.phone, receives.phone, unsubscribed)}</TableCell>
                        <TableCell className={styles.email}>
                          {contactChannel(contact.email, receives.email, unsubscribed)}
                        </TableCell>
                        <TableCell>{contact.department}</TableCell>
                        <TableCell>{contact.post}</TableCell>
                      </TableRow>
                    );
                  })}
                  {contacts.loaded && contacts.contacts.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={6}>{t(`${T}.noContacts`)}</TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </div>
            <Pager
              offset={contacts.offset}
              pageSize={CONTACTS_PAGE_SIZE}
              total={contacts.total}
              onChange={(offset) => void contacts.goTo(offset)}
            />
          </AccordionPanel>
        </AccordionItem>
      </Accordion>

      <Field label={t(`${T}.departments`)}>
        <DepartmentsChoice
          known={contacts.departments}
          value={value.departments}
          onChange={(departments) => set('departments', departments)}
        />
      </Field>

      <EscalationFields value={value.escalation} onChange={(escalation) => set('escalation', escalation)} />

      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TemplateTab)}>
        <Tab value="sms">{t(`${T}.smsTemplate`)}</Tab>
        <Tab value="email">{t(`${T}.emailTemplate`)}</Tab>
        <Tab value="voice">{t(`${T}.voiceTemplate`)}</Tab>
      </TabList>
      {/* Every tab stays mounted so the editor keeps its caret and content. */}
      <div hidden={tab !== 'sms'}>
        <Textarea
          ref={smsBox}
          aria-label={t(`${T}.smsTemplate`)}
          value={value.smsTemplate}
          rows={5}
          resize="vertical"
          onChange={(_, data) => set('smsTemplate', data.value)}
        />
        <SmsLengthNote template={value.smsTemplate} />
      </div>
      <div hidden={tab !== 'email'}>
        <Suspense fallback={<Spinner size="small" label={t(`${T}.editorLoading`)} />}>
          <EmailTemplateEditor
            ref={emailEditor}
            label={t(`${T}.emailTemplate`)}
            value={value.emailTemplate}
            onChange={(html) => set('emailTemplate', html)}
          />
        </Suspense>
      </div>
      <div hidden={tab !== 'voice'}>
        <Textarea
          ref={voiceBox}
          aria-label={t(`${T}.voiceTemplate`)}
          value={value.voiceTemplate}
          rows={5}
          resize="vertical"
          onChange={(_, data) => set('voiceTemplate', data.value)}
        />
      </div>
    </Frame>
  );
});

/** The SMS template's length and the messages it takes (variables counted as written: their values vary). */
function SmsLengthNote(props: { template: string }) {
  const { t } = useTranslation();
  const { encoding, length, segments } = smsLength(props.template);
  return (
    <Text size={200} aria-live="polite">
      {t(encoding === 'ucs2' ? `${T}.smsLengthUnicode` : `${T}.smsLength`, { length, count: segments })}
    </Text>
  );
}
