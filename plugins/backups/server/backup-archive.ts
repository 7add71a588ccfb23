import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { HttpError, type ApplicationData, type ApplicationDataParticipant } from '@sensorium/core/server';
import { BACKUP_FORMAT_VERSION, type BackupManifest } from '../common';

const MANIFEST = 'manifest.json';
const dataPath = (participantId: string) => `${participantId}/data.json`;
const filesFolder = (participantId: string) => `${participantId}/files/`;

export interface ParticipantExport {
  participantId: string;
  data: ApplicationData;
}

/** A backup zip: manifest.json, then per participant `<id>/data.json` (its data sets) and `<id>/files/<name>`. */
export function writeArchive(manifest: BackupManifest, exports: readonly ParticipantExport[]): Buffer {
  const entries: Zippable = { [MANIFEST]: strToU8(JSON.stringify(manifest, null, 2)) };
  for (const { participantId, data } of exports) {
    entries[dataPath(participantId)] = strToU8(JSON.stringify(data.data));
    for (const file of data.files) entries[filesFolder(participantId) + file.name] = new Uint8Array(file.content);
  }
  return Buffer.from(zipSync(entries));
}

/** Counts rows per table, for the manifest. */
export function countRows(exports: readonly ParticipantExport[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { data } of exports) {
    for (const set of data.data) counts[set.table] = (counts[set.table] ?? 0) + set.rows.length;
  }
  return counts;
}

export interface ReadArchive {
  manifest: BackupManifest;
  /** Each participant of the manifest with its data and files. */
  participants: Map<string, ApplicationData>;
}

const invalid = () => HttpError.badRequest('backups.errors.invalidArchive');

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) throw invalid();
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw invalid();
  }
}

function isManifest(value: unknown): value is BackupManifest {
  const manifest = value as Partial<BackupManifest> | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.formatVersion === BACKUP_FORMAT_VERSION &&
    typeof manifest.applicationId === 'string' &&
    Array.isArray(manifest.participants) &&
    manifest.participants.every((id) => typeof id === 'string')
  );
}

function isDataSets(value: unknown): value is ApplicationData['data'] {
  return (
    Array.isArray(value) &&
    value.every(
      (set) =>
        typeof set === 'object' &&
        set !== null &&
        typeof set.table === 'string' &&
        Array.isArray(set.rows) &&
        set.rows.every((row: unknown) => typeof row === 'object' && row !== null && !Array.isArray(row)),
    )
  );
}

/** How much a backup zip may expand to; beyond it the zip is refused before its entries are inflated. */
export interface ArchiveLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = { entries: 20_000, entryBytes: 256 * 1024 ** 2, totalBytes: 512 * 1024 ** 2 };

const tooLarge = () => HttpError.badRequest('backups.errors.archiveTooLarge');

/**
 * Inflates the entries, checking the sizes the central directory declares first: fflate inflates each entry into a
 * buffer of its declared size, so a zip bomb is refused without expanding it, and a size that lies cannot grow memory.
 */
function unzipWithin(zip: Buffer, limits: ArchiveLimits): Record<string, Uint8Array> {
  let count = 0;
  let total = 0;
  let refused: HttpError | null = null;
  try {
    return unzipSync(new Uint8Array(zip), {
      filter(file) {
        count += 1;
        total += file.originalSize;
        if (count > limits.entries || file.originalSize > limits.entryBytes || total > limits.totalBytes) {
          refused = tooLarge();
          throw refused;
        }
        return true;
      },
    });
  } catch {
    throw refused ?? invalid();
  }
}

/** Reads a backup zip; anything that is not a whole backup of this format is a translated 400, before anything changes. */
export function readArchive(zip: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): ReadArchive {
  const entries = unzipWithin(zip, limits);
  const manifest = parseJson(entries[MANIFEST]);
  if (!isManifest(manifest)) throw invalid();
  const participants = new Map<string, ApplicationData>();
  for (const participantId of manifest.participants) {
    const data = parseJson(entries[dataPath(participantId)]);
    if (!isDataSets(data)) throw invalid();
    const folder = filesFolder(participantId);
    const files = Object.entries(entries)
      .filter(([path]) => path.startsWith(folder) && !path.endsWith('/'))
      .map(([path, content]) => ({ name: path.slice(folder.length), content: Buffer.from(content) }));
    participants.set(participantId, { data, files });
  }
  return { manifest, participants };
}

const NO_DATA: ApplicationData = { data: [], files: [] };

/**
 * What a participant restores from an archive: its own section, or, in a backup made before its data changed owner,
 * the sections of its former ids (their other data sets are the former owner's, which imports them itself).
 */
export function sectionOf(
  archive: ReadArchive,
  participant: Pick<ApplicationDataParticipant, 'id' | 'formerIds'>,
): ApplicationData {
  const own = archive.participants.get(participant.id);
  if (own) return own;
  const former = (participant.formerIds ?? []).flatMap((id) => archive.participants.get(id) ?? []);
  return former.length === 0 ? NO_DATA : { data: former.flatMap((section) => section.data), files: [] };
}
