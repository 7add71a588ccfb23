import { describe, expect, it } from 'vitest';
import type { ContactRecord } from '../../common/types';
import {
  contactChannel,
  departmentsOf,
  filterContacts,
  isCommandSelectDisabled,
  isWebhookValid,
  pageOf,
  reconcileCommand,
  taskFormValue,
  visibleWebhookErrors,
  webhookErrors,
  webhookFormValue,
} from './dialog-rules';

const contact = (name: string, department: string, extra: Partial<ContactRecord> = {}): ContactRecord => ({
  id: name,
  name,
  smsNum: '',
  phone: '',
  email: `${name.toLowerCase()}@example.com`,
  department,
  post: '',
  smsEnable: true,
  phoneEnable: true,
  emailEnable: true,
  ...extra,
});

describe('webhook dialog rules (spec 2.9, 5)', () => {
  it('starts enabled with GET', () => {
    expect(webhookFormValue(undefined)).toEqual({ enable: true, method: 'GET', url: '', headers: '', body: '' });
    expect(webhookFormValue({ enable: false, method: 'POST', url: 'https://x' }).enable).toBe(false);
  });

  it('requires a method and an http(s) URL, and JSON or nothing in headers and body', () => {
    expect(webhookErrors({ method: undefined, url: '' })).toEqual({
      method: 'nodes.webhook.errors.methodRequired',
      url: 'nodes.webhook.errors.urlRequired',
    });
    expect(webhookErrors({ method: 'POST', url: 'ftp://host' }).url).toBe('nodes.webhook.errors.url');
    expect(webhookErrors({ method: 'POST', url: 'https://' }).url).toBe('nodes.webhook.errors.url');
    expect(webhookErrors({ method: 'GET', url: 'https://hooks.example.com/a', headers: '{"a":1}', body: '' })).toEqual({});
    expect(webhookErrors({ method: 'GET', url: 'http://h', headers: '{a:1}', body: '[1,' })).toEqual({
      headers: 'nodes.webhook.errors.json',
      body: 'nodes.webhook.errors.json',
    });
    expect(isWebhookValid({ method: 'GET', url: 'http://h', headers: ' ', body: '' })).toBe(true);
    expect(isWebhookValid({ method: 'GET', url: '' })).toBe(false);
  });

  it('shows an error only once its field is dirty or touched', () => {
    const errors = webhookErrors({ method: 'GET', url: '', headers: '{' });
    expect(visibleWebhookErrors(errors, new Set())).toEqual({});
    expect(visibleWebhookErrors(errors, new Set(['url']))).toEqual({ url: 'nodes.webhook.errors.urlRequired' });
  });
});

describe('notification dialog rules (spec 2.7)', () => {
  const contacts = [
    contact('Amy', 'Security'),
    contact('Ben', ''),
    contact('Cat', 'Facilities', { smsNum: '+85291234567', smsEnable: false }),
    contact('Dan', 'Security', { post: 'Guard' }),
  ];

  it('offers the distinct non-empty departments', () => {
    expect(departmentsOf(contacts)).toEqual(['Facilities', 'Security']);
  });

  it('searches contacts by keyword in any column and pages them by 10', () => {
    expect(filterContacts(contacts, ' security ').map((row) => row.name)).toEqual(['Amy', 'Dan']);
    expect(filterContacts(contacts, 'GUARD').map((row) => row.name)).toEqual(['Dan']);
    expect(filterContacts(contacts, '')).toHaveLength(4);
    const many = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(many, 0)).toEqual({ rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], pages: 3, page: 0 });
    expect(pageOf(many, 2).rows).toEqual([20, 21, 22]);
    expect(pageOf(many, 9).page).toBe(2);
    expect(pageOf([], 0)).toEqual({ rows: [], pages: 1, page: 0 });
  });

  it('marks a channel the contact switched off as unsubscribed', () => {
    expect(contactChannel('+85291234567', false, '(Unsubscribed)')).toBe('+85291234567 (Unsubscribed)');
    expect(contactChannel('a@b.c', true, '(Unsubscribed)')).toBe('a@b.c');
  });
});

describe('task dialog rules (spec 2.8, 4)', () => {
  const commands = [
    { id: '', display: 'No command selected' },
    { id: 'on', display: 'Switch on' },
  ];

  it('disables the command select while the block is off or the device has no commands', () => {
    const task = taskFormValue(undefined);
    expect(task.taskAcked).toEqual({ enable: false, device: '', commandId: '' });
    expect(isCommandSelectDisabled({ enable: false, device: 'x', commandId: '' }, commands)).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, [commands[0]!])).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, undefined)).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, commands)).toBe(false);
  });

  it('resets a command the device does not have to none', () => {
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'off' }, commands).commandId).toBe('');
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'on' }, commands).commandId).toBe('on');
    // Commands not loaded yet: keep the choice.
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'off' }, undefined).commandId).toBe('off');
  });
});
