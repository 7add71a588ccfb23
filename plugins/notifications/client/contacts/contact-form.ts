import type { TFunction } from 'i18next';
import { contactProblems, type Contact, type ContactInput } from '../../common';

/** What the dialog edits: every field of a contact, as the API takes it. */
export type ContactForm = Required<ContactInput>;

export const CHANNELS = ['sms', 'whatsapp', 'email', 'voice'] as const;
export type Channel = (typeof CHANNELS)[number];
export const channelField = (channel: Channel) => `${channel}Enable` as const;

/** A new contact: subscribed to every channel, told first. */
export const EMPTY_CONTACT: ContactForm = {
  name: '',
  smsNum: '',
  phone: '',
  email: '',
  department: '',
  post: '',
  priority: 1,
  misc: '',
  unsubscribed: false,
  smsEnable: true,
  whatsappEnable: true,
  emailEnable: true,
  voiceEnable: true,
};

export function formOf(contact: Contact): ContactForm {
  const { id: _id, appId: _appId, ...form } = contact;
  return form;
}

/** The form's problems as the server would report them, translated: one message per field. */
export function formErrors(form: ContactForm, t: TFunction): Record<string, string> {
  return Object.fromEntries(contactProblems(form).map((problem) => [problem.field, t(problem.code, problem.params)]));
}

/** The channels a contact is told on: none while unsubscribed. */
export function subscribedChannels(contact: Pick<Contact, 'unsubscribed' | `${Channel}Enable`>): Channel[] {
  return contact.unsubscribed ? [] : CHANNELS.filter((channel) => contact[channelField(channel)]);
}
