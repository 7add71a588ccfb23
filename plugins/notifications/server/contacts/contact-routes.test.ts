import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, type Database } from '@sensorium/core/server';
import { ContactDirectoryToken } from '../../common';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import { BACKUP_FORMAT_VERSION } from '../../../backups/common';
import { readArchive, sectionOf, writeArchive } from '../../../backups/server/backup-archive';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import notifications from '../index';
import { contactsDataParticipant } from './application-data';

const ADA = {
  name: 'Ada Lovelace',
  smsNum: '+852 9123 4567',
  phone: '+85221234567',
  email: 'ada@example.com',
  department: 'Operations',
  post: 'Engineer',
  priority: 2,
  misc: 'Night shift',
  unsubscribed: false,
  smsEnable: true,
  whatsappEnable: false,
  emailEnable: true,
  voiceEnable: false,
};

describe.each(databaseBackends())('notification clients API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  const base = (appId: string) => `/api/notifications/${appId}/contacts`;

  const createApp = async (id: string, token = admin, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token,
      body: { id, name: `App ${id}`, description: '', endCustomerId },
    });
    expect(response.status).toBe(201);
  };
  const create = (appId: string, body: Record<string, unknown>, token = admin, language = 'en') =>
    server.request('POST', base(appId), { token, body, headers: { 'accept-language': language } });
  const upload = (appId: string, csv: string, token = admin, language = 'en') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    return fetch(`${server.url}${base(appId)}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      body: form,
    });
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications],
    });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('creates, reads, changes and deletes a client, and keeps the numbers without spaces', async () => {
    await createApp('crud');
    const created = await create('crud', ADA);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...ADA, smsNum: '+85291234567', appId: 'crud' });

    const changed = await server.request('PUT', `${base('crud')}/${created.body.id}`, {
      token: admin,
      body: { name: 'Ada King', unsubscribed: true },
    });
    expect(changed.status).toBe(200);
    // Fields left out keep their values.
    expect(changed.body).toMatchObject({ name: 'Ada King', unsubscribed: true, email: 'ada@example.com', priority: 2 });

    const page = await server.request('GET', base('crud'), { token: admin });
    expect(page.body).toEqual({ total: 1, contacts: [changed.body] });

    expect((await server.request('DELETE', `${base('crud')}/${created.body.id}`, { token: admin })).status).toBe(204);
    expect((await server.request('GET', base('crud'), { token: admin })).body).toEqual({ total: 0, contacts: [] });
    expect((await server.request('DELETE', `${base('crud')}/${created.body.id}`, { token: admin })).status).toBe(404);
    expect((await server.request('PUT', `${base('crud')}/not-a-uuid`, { token: admin, body: ADA })).status).toBe(404);
  });

  it('searches by keyword, pages at 10 and lists the departments', async () => {
    await createApp('paged');
    for (let index = 1; index <= 12; index += 1) {
      const name = `Client ${String(index).padStart(2, '0')}`;
      const response = await create('paged', { name, department: index % 2 ? 'Ops' : 'Security', post: `Post ${index}` });
      expect(response.status).toBe(201);
    }
    const first = await server.request('GET', base('paged'), { token: admin });
    expect(first.body.total).toBe(12);
    expect(first.body.contacts).toHaveLength(10);
    const second = await server.request('GET', `${base('paged')}?page=2`, { token: admin });
    expect(second.body.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Client 11', 'Client 12']);
    const found = await server.request('GET', `${base('paged')}?q=securi`, { token: admin });
    expect(found.body.total).toBe(6);
    const byPost = await server.request('GET', `${base('paged')}?q=${encodeURIComponent('post 1')}&size=3`, { token: admin });
    expect(byPost.body).toMatchObject({ total: 4 });
    expect(byPost.body.contacts).toHaveLength(3);
    // A keyword is text, never a pattern.
    expect((await server.request('GET', `${base('paged')}?q=%25`, { token: admin })).body.total).toBe(0);
    const departments = await server.request('GET', `${base('paged')}/departments`, { token: admin });
    expect(departments.body).toEqual({ departments: ['Ops', 'Security'] });
  });

  it('refuses a taken name, bad numbers and e-mails with the spec texts, naming the field, and changes nothing', async () => {
    await createApp('checks');
    expect((await create('checks', { name: 'Bob' })).status).toBe(201);
    const taken = await create('checks', { name: ' bob ' });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ field: 'name', message: 'That client is taken. Try another.' });
    const takenHk = await create('checks', { name: 'Bob' }, admin, 'hk');
    expect(takenHk.body.message).toBe('該客戶已被使用，請嘗試其他名稱。');
    const phone = await create('checks', { name: 'Carol', phone: '9123 4567' });
    expect(phone.body).toMatchObject({ field: 'phone', message: 'Phone format such as +85291234567' });
    const sms = await create('checks', { name: 'Carol', smsNum: 'abc' }, admin, 'cn');
    expect(sms.body).toMatchObject({ field: 'smsNum', message: '电话格式例如 +85291234567' });
    const email = await create('checks', { name: 'Carol', email: 'carol@' });
    expect(email.body).toMatchObject({ field: 'email', message: 'Please enter a valid email.' });
    const nameless = await create('checks', { name: '  ' });
    expect(nameless.body).toMatchObject({ field: 'name', message: 'Contact name is required.' });
    const priority = await create('checks', { name: 'Carol', priority: 0 });
    expect(priority.body).toMatchObject({ field: 'priority', message: 'Priority is a whole number from 1 to 9.' });

    const carol = await create('checks', { name: 'Carol' });
    const renamed = await server.request('PUT', `${base('checks')}/${carol.body.id}`, { token: admin, body: { name: 'BOB' } });
    expect(renamed.body).toMatchObject({ field: 'name', message: 'That client is taken. Try another.' });
    const names = (await server.request('GET', base('checks'), { token: admin })).body.contacts.map(
      (contact: { name: string }) => contact.name,
    );
    expect(names).toEqual(['Bob', 'Carol']);
  });

  it('needs notificationsetting to change clients and hides them from other tenants', async () => {
    const owner = await server.loginAs({
      username: 'owner',
      organisationId: 'org_a',
      permissions: ['useredit', 'notificationsetting'],
    });
    const reader = await server.loginAs({ username: 'reader', organisationId: 'org_a', permissions: [] });
    const stranger = await server.loginAs({
      username: 'stranger',
      organisationId: 'org_b',
      permissions: ['notificationsetting'],
    });
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'A' } });
    expect(customer.status).toBe(201);
    const app = await server.request('POST', '/api/application/new/', {
      token: owner,
      body: { id: 'tenant_app', name: 'Tenant', description: '', endCustomerId: customer.body.id },
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    const made = await create('tenant_app', { name: 'Dana' }, owner);
    expect(made.status).toBe(201);

    expect((await server.request('GET', base('tenant_app'), { token: reader })).body.total).toBe(1);
    expect((await create('tenant_app', { name: 'Eve' }, reader)).status).toBe(403);
    const readerCalls = [
      server.request('PUT', `${base('tenant_app')}/${made.body.id}`, { token: reader, body: { name: 'X' } }),
      server.request('DELETE', `${base('tenant_app')}/${made.body.id}`, { token: reader }),
      upload('tenant_app', 'name\nEve\n', reader),
    ];
    const [put, del, imported] = await Promise.all(readerCalls);
    expect([put!.status, del!.status, imported!.status]).toEqual([403, 403, 403]);

    const strangerCalls = [
      server.request('GET', base('tenant_app'), { token: stranger }),
      server.request('GET', `${base('tenant_app')}/departments`, { token: stranger }),
      server.request('GET', `${base('tenant_app')}/export`, { token: stranger }),
      create('tenant_app', { name: 'Eve' }, stranger),
      server.request('DELETE', `${base('tenant_app')}/${made.body.id}`, { token: stranger }),
    ];
    for (const response of await Promise.all(strangerCalls)) expect(response.status).toBe(404);
    expect((await server.request('GET', base('tenant_app'), { token: owner })).body.contacts).toEqual([
      expect.objectContaining({ name: 'Dana' }),
    ]);
  });

  it('exports CSV that Excel reads (BOM, Chinese names) and imports it back', async () => {
    await createApp('csv_from');
    await createApp('csv_to');
    expect((await create('csv_from', { ...ADA, name: '陳大文', department: '保安, 夜班', misc: 'says "hi"' })).status).toBe(201);
    expect((await create('csv_from', { name: '李小龍', email: 'lee@example.com', unsubscribed: true })).status).toBe(201);

    const exported = await fetch(`${server.url}${base('csv_from')}/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      'name,smsNum,phone,email,department,post,priority,misc,unsubscribed,smsEnable,whatsappEnable,emailEnable,voiceEnable',
    );
    // A number starting with + would be a formula to a spreadsheet: it is written after a quote.
    expect(csv).toContain(`'+85291234567`);

    const response = await upload('csv_to', csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 2, updated: 0, rejected: [] });
    const strip = ({ id: _id, appId: _appId, ...rest }: Record<string, unknown>) => rest;
    const from = (await server.request('GET', base('csv_from'), { token: admin })).body.contacts.map(strip);
    const to = (await server.request('GET', base('csv_to'), { token: admin })).body.contacts.map(strip);
    expect(to).toEqual(from);

    // Again: the same names update their clients.
    const again = await upload('csv_to', csv.replace('lee@example.com', 'bruce@example.com'));
    expect(await again.json()).toEqual({ created: 0, updated: 2, rejected: [] });
    const lee = (await server.request('GET', `${base('csv_to')}?q=bruce`, { token: admin })).body.contacts;
    expect(lee).toEqual([expect.objectContaining({ name: '李小龍', email: 'bruce@example.com' })]);
  });

  it('imports nothing when a row is wrong, and reports each such row with its field', async () => {
    await createApp('csv_bad');
    const csv = [
      'Name,Phone,Email,Priority,SMSENABLE',
      'Good,+85291234567,good@example.com,1,yes',
      ',+85291234567,,,',
      'Wrong phone,12,,,',
      '',
      'Wrong mail,,nope,,',
      'good,,,,',
      'Flags,,,x,maybe',
    ].join('\n');
    const response = await upload('csv_bad', csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      created: 0,
      updated: 0,
      rejected: [
        { row: 3, field: 'name', message: 'Contact name is required.' },
        { row: 4, field: 'phone', message: 'Phone format such as +85291234567' },
        { row: 6, field: 'email', message: 'Please enter a valid email.' },
        { row: 7, field: 'name', message: 'That client is taken. Try another.' },
        { row: 8, field: 'priority', message: 'Priority is a whole number from 1 to 9.' },
        { row: 8, field: 'smsEnable', message: expect.any(String) },
      ],
    });
    expect((await server.request('GET', base('csv_bad'), { token: admin })).body.total).toBe(0);

    const headerless = await upload('csv_bad', 'who,what\nA,B\n');
    expect(headerless.status).toBe(400);
    expect(await headerless.json()).toMatchObject({ field: 'file' });
  });

  it('restores contacts from a backup made while nodes kept them, and from its own section', async () => {
    await createApp('restored');
    const db: Database = server.running.container.resolve(DatabaseToken);
    const participant = contactsDataParticipant(db);
    // A backup of before the move: the contacts sit in the nodes section, without the columns added since.
    const oldRow = { id: 'f0f0f0f0-0000-4000-8000-000000000001', appId: 'old_app', name: '張三', smsNum: '+85291234567' };
    const old = writeArchive(
      {
        formatVersion: BACKUP_FORMAT_VERSION,
        applicationId: 'old_app',
        createdDate: '',
        description: '',
        counts: {},
        participants: ['nodes.items'],
      },
      [
        {
          participantId: 'nodes.items',
          data: {
            data: [
              { table: 'node_items', rows: [] },
              { table: 'contacts', rows: [oldRow] },
            ],
            files: [],
          },
        },
      ],
    );
    await db.transaction((tx) => participant.importData('restored', sectionOf(readArchive(old), participant), tx));
    const restored = (await server.request('GET', base('restored'), { token: admin })).body.contacts;
    expect(restored).toEqual([
      expect.objectContaining({ name: '張三', smsNum: '+85291234567', priority: 1, unsubscribed: false, whatsappEnable: true }),
    ]);
    expect(restored[0].id).not.toBe(oldRow.id);

    // A new backup holds them in the notifications section, every column kept.
    await server.request('PUT', `${base('restored')}/${restored[0].id}`, { token: admin, body: { name: '張三', priority: 3 } });
    const section = await participant.exportData('restored');
    const fresh = writeArchive(
      {
        formatVersion: BACKUP_FORMAT_VERSION,
        applicationId: 'restored',
        createdDate: '',
        description: '',
        counts: {},
        participants: [participant.id],
      },
      [{ participantId: participant.id, data: section }],
    );
    await db.transaction(async (tx) => {
      await participant.deleteData('restored', tx);
      await participant.importData('restored', sectionOf(readArchive(fresh), participant), tx);
    });
    const again = (await server.request('GET', base('restored'), { token: admin })).body.contacts;
    expect(again).toEqual([expect.objectContaining({ id: restored[0].id, name: '張三', priority: 3 })]);
  });

  it('gives the dispatch its recipients by department and priority, unsubscribed ones included', async () => {
    await createApp('directory');
    const ids: Record<string, string> = {};
    for (const [name, department, priority, unsubscribed] of [
      ['Ann', 'Ops', 1, false],
      ['Ben', 'Ops', 2, true],
      ['Cid', 'Security', 1, false],
      ['Dot', '', 1, false],
    ] as const) {
      ids[name] = (await create('directory', { name, department, priority, unsubscribed })).body.id;
    }
    await create('crud', { name: 'Elsewhere', department: 'Ops' });
    const directory = server.running.resolve(ContactDirectoryToken);
    const names = async (departments: string[], priority?: number) =>
      (await directory.recipients('directory', { departments, priority })).map((contact) => contact.name);
    expect(await names([])).toEqual(['Ann', 'Cid', 'Dot', 'Ben']);
    expect(await names(['Ops'])).toEqual(['Ann', 'Ben']);
    expect(await names(['Ops', 'Security'], 1)).toEqual(['Ann', 'Cid']);
    expect(await directory.get('directory', ids.Ben!)).toMatchObject({ name: 'Ben', unsubscribed: true, priority: 2 });
    expect(await directory.get('crud', ids.Ben!)).toBeNull();
    expect(await directory.get('directory', 'not-a-uuid')).toBeNull();
  });
});
