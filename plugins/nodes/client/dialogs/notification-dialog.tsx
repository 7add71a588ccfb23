import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Tab,
  TableCell,
  TableRow,
  TabList,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, useNotify, usePluginStore, type Outcome } from '@sensorium/core/client';
import type { NotificationSetting } from '../../common/field-preference';
import type { ContactRecord } from '../../common/types';
import type { NodesStore } from '../store/nodes-store';
import { CONTACTS_PAGE_SIZE, contactChannel, departmentsOf, filterContacts, notificationFormValue, pageOf } from './dialog-rules';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor';
import { TemplateVariablesTip } from './template-variables';
import { DialogShell, SaveCloseActions, useDialogSave } from './dialog-shell';
import { SmallTable } from '../table';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '95vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  channels: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  tableBox: { overflowX: 'auto' },
  email: { minWidth: '150px' },
});

type TemplateTab = 'sms' | 'email' | 'voice';

export interface NotificationDialogProps {
  /** The range's current notification setting. */
  value: Partial<NotificationSetting> | undefined;
  /** Save: returns the edited copy (and stores it, see saveRangeAction); the dialog closes when it succeeded. */
  onSave(setting: NotificationSetting): Promise<Outcome<unknown>>;
  onClose(): void;
}

/**
 * Notification Setting dialog (spec 2.7): channels, the collapsible contacts table (keyword search, 10 rows a page,
 * '(Unsubscribed)' for channels a contact switched off), departments, and the SMS/Whatsapp, e-mail (rich text) and voice
 * templates with their variables. Save returns the edited copy to the range (stored at once when the range is stored);
 * a failure keeps the dialog open.
 */
export const NotificationDialog = observer(function NotificationDialog(props: NotificationDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const store = usePluginStore<typeof NodesStore>('nodes').rangeActions;
  const [value, setValue] = useState<NotificationSetting>(() => notificationFormValue(props.value));
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(0);
  const [tab, setTab] = useState<TemplateTab>('sms');
  const emailEditor = useRef<RichTextEditorHandle>(null);
  const smsBox = useRef<HTMLTextAreaElement>(null);
  const voiceBox = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let live = true;
    void store.loadContacts().then((outcome) => {
      if (live && !outcome.ok)
        notify({ intent: 'error', title: t('nodes.notify.contactsFailed'), body: outcome.failure.message ?? undefined });
    });
    return () => {
      live = false;
    };
  }, [store, notify, t]);

  const contacts: readonly ContactRecord[] = store.contacts;
  const known = departmentsOf(contacts);
  // Keep chosen departments that no contact has any more, so they can be removed.
  const departments = [...known, ...value.departments.filter((name) => !known.includes(name))];
  const matching = filterContacts(contacts, keyword);
  const shown = pageOf(matching, page);
  const unsubscribed = t('nodes.notify.unsubscribed');
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

  const save = useDialogSave(() => props.onSave(value), props.onClose);

  const channels = [
    ['smsEnabled', 'nodes.notify.sms'],
    ['whatsappEnabled', 'nodes.notify.whatsapp'],
    ['emailEnabled', 'nodes.notify.email'],
    ['voiceEnabled', 'nodes.notify.voice'],
  ] as const;

  return (
    <DialogShell
      label={t('nodes.notify.title')}
      title={t('nodes.notify.title')}
      alert
      surfaceClassName={styles.surface}
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={<SaveCloseActions saving={store.saving.pending} onSave={save} onClose={props.onClose} />}
    >
      <div className={styles.channels} role="group" aria-label={t('nodes.notify.channels')}>
        {channels.map(([key, label]) => (
          <Checkbox key={key} label={t(label)} checked={value[key]} onChange={(_, data) => set(key, data.checked === true)} />
        ))}
      </div>

      <Accordion collapsible>
        <AccordionItem value="contacts">
          <AccordionHeader>{t('nodes.notify.contacts')}</AccordionHeader>
          <AccordionPanel>
            <Input
              value={keyword}
              placeholder={t('nodes.notify.search')}
              aria-label={t('nodes.notify.search')}
              onChange={(_, data) => {
                setKeyword(data.value);
                setPage(0);
              }}
            />
            <div className={styles.tableBox}>
              <SmallTable
                label={t('nodes.notify.contacts')}
                columns={[
                  t('nodes.notify.name'),
                  t('nodes.notify.smsNum'),
                  t('nodes.notify.phone'),
                  { label: t('nodes.notify.emailColumn'), className: styles.email },
                  t('nodes.notify.department'),
                  t('nodes.notify.post'),
                ]}
              >
                {shown.rows.map((contact) => (
                  <TableRow key={contact.id}>
                    <TableCell>{contact.name}</TableCell>
                    <TableCell>{contactChannel(contact.smsNum, contact.smsEnable, unsubscribed)}</TableCell>
                    <TableCell>{contactChannel(contact.phone, contact.phoneEnable, unsubscribed)}</TableCell>
                    <TableCell className={styles.email}>
                      {contactChannel(contact.email, contact.emailEnable, unsubscribed)}
                    </TableCell>
                    <TableCell>{contact.department}</TableCell>
                    <TableCell>{contact.post}</TableCell>
                  </TableRow>
                ))}
                {shown.rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>{t('nodes.notify.noContacts')}</TableCell>
                  </TableRow>
                ) : null}
              </SmallTable>
            </div>
            <Pager
              offset={shown.page * CONTACTS_PAGE_SIZE}
              pageSize={CONTACTS_PAGE_SIZE}
              total={matching.length}
              onChange={(offset) => setPage(offset / CONTACTS_PAGE_SIZE)}
            />
          </AccordionPanel>
        </AccordionItem>
      </Accordion>

      <Field label={t('nodes.notify.departments')}>
        <Dropdown
          multiselect
          selectedOptions={value.departments}
          value={value.departments.join(', ')}
          onOptionSelect={(_, data) => set('departments', data.selectedOptions)}
        >
          {departments.map((name) => (
            <Option key={name} value={name}>
              {name}
            </Option>
          ))}
        </Dropdown>
      </Field>

      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TemplateTab)}>
        <Tab value="sms">{t('nodes.notify.smsTemplate')}</Tab>
        <Tab value="email">{t('nodes.notify.emailTemplate')}</Tab>
        <Tab value="voice">{t('nodes.notify.voiceTemplate')}</Tab>
      </TabList>
      {/* Every tab stays mounted so the editor keeps its caret and content. */}
      <div hidden={tab !== 'sms'}>
        <Textarea
          ref={smsBox}
          aria-label={t('nodes.notify.smsTemplate')}
          value={value.smsTemplate}
          rows={5}
          resize="vertical"
          onChange={(_, data) => set('smsTemplate', data.value)}
        />
      </div>
      <div hidden={tab !== 'email'}>
        <RichTextEditor
          ref={emailEditor}
          label={t('nodes.notify.emailTemplate')}
          value={value.emailTemplate}
          onChange={(html) => set('emailTemplate', html)}
        />
      </div>
      <div hidden={tab !== 'voice'}>
        <Textarea
          ref={voiceBox}
          aria-label={t('nodes.notify.voiceTemplate')}
          value={value.voiceTemplate}
          rows={5}
          resize="vertical"
          onChange={(_, data) => set('voiceTemplate', data.value)}
        />
      </div>
      <TemplateVariablesTip onInsert={insert} />
    </DialogShell>
  );
});
