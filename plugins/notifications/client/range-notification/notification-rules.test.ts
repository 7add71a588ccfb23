import { describe, expect, it } from 'vitest';
import type { Contact } from '../../common';
import { anyChannelOn, contactChannel, contactChannels, notificationFormValue } from './notification-rules';

const contact = (extra: Partial<Contact> = {}): Contact => ({
  id: 'c1',
  appId: 'a1',
  name: 'Cat',
  smsNum: '+85291234567',
  phone: '+85221234567',
  email: 'cat@example.com',
  department: 'Facilities',
  post: '',
  priority: 1,
  misc: '',
  unsubscribed: false,
  smsEnable: true,
  whatsappEnable: false,
  emailEnable: true,
  voiceEnable: true,
  ...extra,
});

describe('notification dialog rules (spec 2.7)', () => {
  it('starts with every channel off and all departments, keeping what the range has', () => {
    expect(notificationFormValue(undefined)).toMatchObject({ smsEnabled: false, emailTemplate: '', departments: [] });
    expect(notificationFormValue({ emailEnabled: true, departments: ['Ops'] })).toMatchObject({
      emailEnabled: true,
      departments: ['Ops'],
    });
    // The range's escalation is edited as it was saved; a range saved before escalation existed starts with it off.
    const escalation = { enable: true, everyMinutes: 5, repeats: 2, nextPriority: true };
    expect(notificationFormValue({ escalation }).escalation).toEqual(escalation);
    expect(notificationFormValue({}).escalation).toEqual({ enable: false, everyMinutes: 10, repeats: 3, nextPriority: false });
    expect(anyChannelOn(undefined)).toBe(false);
    expect(anyChannelOn({ voiceEnabled: true })).toBe(true);
  });

  it('marks a channel the contact switched off, or every channel of an unsubscribed contact, as unsubscribed', () => {
    expect(contactChannels(contact({ smsEnable: false }))).toEqual({ sms: false, phone: true, email: true });
    expect(contactChannels(contact({ smsEnable: false, whatsappEnable: true })).sms).toBe(true);
    expect(contactChannels(contact({ unsubscribed: true }))).toEqual({ sms: false, phone: false, email: false });
    expect(contactChannel('+85291234567', false, '(Unsubscribed)')).toBe('+85291234567 (Unsubscribed)');
    expect(contactChannel('', false, '(Unsubscribed)')).toBe('(Unsubscribed)');
    expect(contactChannel('a@b.c', true, '(Unsubscribed)')).toBe('a@b.c');
  });
});
