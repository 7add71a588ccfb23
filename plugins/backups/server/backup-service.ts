import { and, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import {
  HttpError,
  type AfterCommit,
  type ApplicationDataParticipant,
  type Database,
  type FileStore,
  type PushHub,
} from '@sensorium/core/server';
import { BACKUP_FORMAT_VERSION, BACKUP_PROGRESS_TOPIC, type Backup, type BackupManifest, type BackupProgress } from '../common';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '@sensorium/applications/common';
import { countRows, readArchive, sectionOf, writeArchive, type ParticipantExport } from './backup-archive';
import { newFolderId } from './folder-id';
import { backups } from './schema';

/** Share of the progress bar the participants' exports take; zipping and storing take the rest. */
const EXPORT_SHARE = 90;

/**
 * Whether the database refused restored rows as data (SQLSTATE class 22 data exception, 23 integrity constraint),
 * e.g. a number where text belongs; drizzle may wrap the driver's error in `cause`.
 */
function isRefusedData(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const fileKey = (appId: string, folder: string) => `${appId}/${folder}.zip`;

function toBackup(row: typeof backups.$inferSelect): Backup {
  return {
    folder: row.folder,
    description: row.description,
    createDate: row.createdAt.toISOString(),
    size: row.size,
    status: row.status,
  };
}

/**
 * Backups of one application: a zip of every ApplicationDataParticipant's data and files, kept in the FileStore,
 * listed from the `backups` table. The routes declare their application, so the caller may see it by the time a
 * method runs; the applications plugin's ApplicationAccess answers who owns an application (its tables are its own).
 */
export class BackupService {
  private readonly sendProgress: (progress: { owner: ApplicationOwner; data: BackupProgress }) => void;

  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    push: PushHub,
    private readonly access: ApplicationAccess,
    /** Read on every call: plugins registered after this one contribute participants too. */
    private readonly participants: () => ApplicationDataParticipant[],
  ) {
    // The browser watching may be connected to another instance: each tells its own sockets.
    this.sendProgress = push.fanOut<{ owner: ApplicationOwner; data: BackupProgress }>(BACKUP_PROGRESS_TOPIC, ({ owner, data }) =>
      push.publish<BackupProgress>({ topic: BACKUP_PROGRESS_TOPIC, data }, (recipient) => canSeeApplication(recipient, owner)),
    );
  }

  private async readyBackup(appId: string, folder: string): Promise<typeof backups.$inferSelect> {
    const [row] = await this.db
      .select()
      .from(backups)
      .where(and(eq(backups.appId, appId), eq(backups.folder, folder)));
    if (!row) throw HttpError.notFound();
    if (row.status === 'failed') throw HttpError.conflict('backups.errors.failed');
    if (row.status !== 'ready') throw HttpError.conflict('backups.errors.notReady');
    return row;
  }

  private orderedParticipants(): ApplicationDataParticipant[] {
    return [...this.participants()].sort((a, b) => a.order - b.order);
  }

  /** At start-up: a backup still `creating` was interrupted by the server stopping, so it will never become ready. */
  async failInterrupted(): Promise<number> {
    const rows = await this.db
      .update(backups)
      .set({ status: 'failed' })
      .where(eq(backups.status, 'creating'))
      .returning({ appId: backups.appId, folder: backups.folder });
    for (const row of rows) await this.files.delete(fileKey(row.appId, row.folder));
    return rows.length;
  }

  /** Newest first. */
  async list(appId: string): Promise<Backup[]> {
    const rows = await this.db.select().from(backups).where(eq(backups.appId, appId)).orderBy(desc(backups.folder));
    return rows.map(toBackup);
  }

  /** Writes the zip, reporting progress on the push topic to the users who can see the application; resolves when stored. */
  async create(owner: ApplicationOwner & { id: string }, description: string): Promise<Backup> {
    const appId = owner.id;
    const folder = newFolderId();
    const { endCustomerId, organisationId } = owner;
    const progress = (percent: number) =>
      this.sendProgress({ owner: { endCustomerId, organisationId }, data: { appId, folder, percent } });
    const [row] = await this.db
      .insert(backups)
      .values({ appId, folder, description: description.trim(), status: 'creating' })
      .returning();
    try {
      progress(0);
      const participants = this.orderedParticipants();
      const exports: ParticipantExport[] = [];
      for (const participant of participants) {
        exports.push({ participantId: participant.id, data: await participant.exportData(appId) });
        progress(Math.round((EXPORT_SHARE * exports.length) / participants.length));
      }
      const manifest: BackupManifest = {
        formatVersion: BACKUP_FORMAT_VERSION,
        applicationId: appId,
        createdDate: row!.createdAt.toISOString(),
        description: row!.description,
        counts: countRows(exports),
        participants: exports.map((entry) => entry.participantId),
      };
      const zip = writeArchive(manifest, exports);
      await this.files.put(fileKey(appId, folder), zip);
      const [ready] = await this.db
        .update(backups)
        .set({ status: 'ready', size: zip.length })
        .where(and(eq(backups.appId, appId), eq(backups.folder, folder)))
        .returning();
      progress(100);
      return toBackup(ready!);
    } catch (error) {
      await this.files.delete(fileKey(appId, folder));
      await this.db.delete(backups).where(and(eq(backups.appId, appId), eq(backups.folder, folder)));
      throw error;
    }
  }

  async remove(appId: string, folder: string): Promise<void> {
    const deleted = await this.db
      .delete(backups)
      .where(and(eq(backups.appId, appId), eq(backups.folder, folder)))
      .returning({ folder: backups.folder });
    if (deleted.length === 0) throw HttpError.notFound();
    await this.files.delete(fileKey(appId, folder));
  }

  async download(appId: string, folder: string): Promise<Buffer> {
    await this.readyBackup(appId, folder);
    const zip = await this.files.get(fileKey(appId, folder));
    if (!zip) throw HttpError.notFound();
    return zip;
  }

  /**
   * Restores into the same application (its current data is replaced) or into a new, free application id. Every
   * participant deletes then imports in one transaction, so a failure anywhere leaves the data as it was. `user` must
   * be able to see the restored application too (a new one takes the backed-up end customer).
   */
  async restore(user: SessionUser, appId: string, folder: string, targetAppId?: string): Promise<{ appId: string }> {
    await this.readyBackup(appId, folder);
    const zip = await this.files.get(fileKey(appId, folder));
    if (!zip) throw HttpError.notFound();
    const archive = readArchive(zip);
    if (archive.manifest.applicationId !== appId) throw HttpError.badRequest('backups.errors.invalidArchive');
    const participants = this.orderedParticipants();
    const installed = new Set(participants.map((participant) => participant.id));
    const missing = archive.manifest.participants.find((id) => !installed.has(id));
    if (missing) throw HttpError.badRequest('backups.errors.unknownParticipant', undefined, { participant: missing });

    // A target id always means a new application, so naming an existing one (even this one) is refused.
    const target = targetAppId ?? appId;
    const intoNew = targetAppId !== undefined;
    if (intoNew && (await this.access.ownerOf(target)) !== null)
      throw HttpError.conflict('backups.errors.targetTaken', 'targetAppId');
    // The participants' work for after the commit (pushes telling the application's viewers to reload).
    const afterCommit: AfterCommit[] = [];
    const keep = (work: AfterCommit | void) => {
      if (work) afterCommit.push(work);
    };
    try {
      await this.db.transaction(async (transaction) => {
        if (!intoNew) {
          for (const participant of [...participants].reverse()) keep(await participant.deleteData(target, transaction));
        }
        for (const participant of participants) {
          keep(await participant.importData(target, sectionOf(archive, participant), transaction));
        }
        const owner = await this.access.ownerOf(target, transaction);
        if (!owner || !canSeeApplication(user, owner)) throw HttpError.badRequest('backups.errors.targetNotVisible');
      });
    } catch (error) {
      // The archive is input: rows the database refuses are a bad backup (the transaction undid everything), not a 500.
      if (isRefusedData(error)) throw HttpError.badRequest('backups.errors.invalidData');
      throw error;
    }
    for (const work of afterCommit) await work();
    return { appId: target };
  }
}
