import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import type { Contact, ContactInput, ContactListQuery, ContactPage } from '../../common';
import { isUuid, toContact } from './contact-record';
import { contacts } from './schema';

type Executor = Pick<Database, 'select' | 'execute'>;

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Names are unique in an application whatever their case: "ada" would be taken by "Ada". */
const sameName = (name: string) => sql`lower(${contacts.name}) = lower(${name})`;

/** Changes of one application's contacts wait for each other, so two of them cannot both take a free name. */
async function lockNames(executor: Executor, appId: string): Promise<void> {
  await executor.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contacts:${appId}`}))`);
}

/** The columns an input sets; fields it leaves out keep their defaults (create) or their values (update). */
export function contactColumns(input: ContactInput) {
  return {
    name: input.name,
    smsNum: input.smsNum,
    phone: input.phone,
    email: input.email,
    department: input.department,
    post: input.post,
    priority: input.priority,
    misc: input.misc,
    unsubscribed: input.unsubscribed,
    smsEnable: input.smsEnable,
    whatsappEnable: input.whatsappEnable,
    emailEnable: input.emailEnable,
    phoneEnable: input.voiceEnable,
  };
}

/** The contacts of applications: the Notification Client page's list and changes, the CSV import and export. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async page(appId: string, query: ContactListQuery): Promise<ContactPage> {
    const keyword = query.q?.trim();
    const pattern = keyword ? likePattern(keyword) : null;
    const where = and(
      eq(contacts.appId, appId),
      pattern
        ? or(
            ilike(contacts.name, pattern),
            ilike(contacts.smsNum, pattern),
            ilike(contacts.phone, pattern),
            ilike(contacts.email, pattern),
            ilike(contacts.department, pattern),
            ilike(contacts.post, pattern),
          )
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ value: count() }).from(contacts).where(where),
    ]);
    return { total: total?.value ?? 0, contacts: rows.map(toContact) };
  }

  /** Every contact of the application, by name (the export, the Notification Setting dialog). */
  async all(appId: string): Promise<Contact[]> {
    const rows = await this.db.select().from(contacts).where(eq(contacts.appId, appId)).orderBy(asc(contacts.name));
    return rows.map(toContact);
  }

  /** The distinct non-empty departments (node spec §3: "Departments are the distinct non-empty department values"). */
  async departments(appId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ department: contacts.department })
      .from(contacts)
      .where(and(eq(contacts.appId, appId), ne(contacts.department, '')))
      .orderBy(asc(contacts.department));
    return rows.map((row) => row.department);
  }

  /** One contact, or null (the audit trail's old values). */
  async find(appId: string, id: string): Promise<Contact | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.appId, appId), eq(contacts.id, id)));
    return row ? toContact(row) : null;
  }

  create(appId: string, input: ContactInput): Promise<Contact> {
    return this.db.transaction(async (tx) => {
      await lockNames(tx, appId);
      await this.refuseTakenName(tx, appId, input.name);
      const [row] = await tx
        .insert(contacts)
        .values({ ...contactColumns(input), appId })
        .returning();
      return toContact(row!);
    });
  }

  update(appId: string, id: string, input: ContactInput): Promise<Contact> {
    if (!isUuid(id)) throw HttpError.notFound();
    return this.db.transaction(async (tx) => {
      await lockNames(tx, appId);
      await this.refuseTakenName(tx, appId, input.name, id);
      const [row] = await tx
        .update(contacts)
        .set({ ...contactColumns(input), updatedAt: new Date() })
        .where(and(eq(contacts.appId, appId), eq(contacts.id, id)))
        .returning();
      if (!row) throw HttpError.notFound();
      return toContact(row);
    });
  }

  async remove(appId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw HttpError.notFound();
    const removed = await this.db
      .delete(contacts)
      .where(and(eq(contacts.appId, appId), eq(contacts.id, id)))
      .returning({ id: contacts.id });
    if (removed.length === 0) throw HttpError.notFound();
  }

  /** Checked inputs of an import, in one transaction: a name the application has updates that contact. */
  importAll(appId: string, inputs: readonly ContactInput[]): Promise<{ created: number; updated: number }> {
    return this.db.transaction(async (tx) => {
      await lockNames(tx, appId);
      let updated = 0;
      for (const input of inputs) {
        const changed = await tx
          .update(contacts)
          .set({ ...contactColumns(input), updatedAt: new Date() })
          .where(and(eq(contacts.appId, appId), sameName(input.name)))
          .returning({ id: contacts.id });
        if (changed.length > 0) updated += 1;
        else await tx.insert(contacts).values({ ...contactColumns(input), appId });
      }
      return { created: inputs.length - updated, updated };
    });
  }

  private async refuseTakenName(executor: Executor, appId: string, name: string, except?: string): Promise<void> {
    const conditions: (SQL | undefined)[] = [eq(contacts.appId, appId), sameName(name)];
    if (except) conditions.push(ne(contacts.id, except));
    const [taken] = await executor
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(...conditions))
      .limit(1);
    if (taken) throw HttpError.badRequest('notifications.contacts.validation.nameTaken', 'name');
  }
}
