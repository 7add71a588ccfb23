import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BackupManifest } from '../common';
import { countRows, readArchive, sectionOf, writeArchive, type ParticipantExport } from './backup-archive';

/** Rewrites the uncompressed size the central directory declares for every entry, as a zip bomb's does. */
function declareSize(zip: Uint8Array, size: number): Buffer {
  const bytes = Buffer.from(zip);
  for (
    let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at >= 0;
    at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
  ) {
    bytes.writeUInt32LE(size, at + 24);
  }
  return bytes;
}

const exports: ParticipantExport[] = [
  {
    participantId: 'applications.application',
    data: { data: [{ table: 'applications', rows: [{ id: 'plant', name: 'Plant' }] }], files: [] },
  },
  {
    participantId: 'nodes.items',
    data: {
      data: [
        { table: 'nodes', rows: [{ id: 1 }, { id: 2 }] },
        { table: 'fields', rows: [{ id: 'f', nested: { a: [1, 2] } }] },
      ],
      files: [{ name: 'plans/floor 1.png', content: Buffer.from([0, 1, 2, 255]) }],
    },
  },
];
const manifest: BackupManifest = {
  formatVersion: 1,
  applicationId: 'plant',
  createdDate: '2026-11-22T00:00:00.000Z',
  description: 'Nightly',
  counts: countRows(exports),
  participants: exports.map((entry) => entry.participantId),
};

describe('backup archive', () => {
  it('counts rows per table', () => {
    expect(manifest.counts).toEqual({ applications: 1, nodes: 2, fields: 1 });
  });

  it('gives a participant its own section, or in an older backup the sections of the ids it took data over from', () => {
    const archive = readArchive(writeArchive(manifest, exports));
    const events = { id: 'device-pipeline.events', formerIds: ['nodes.items'] };
    expect(sectionOf(archive, events).data.map((set) => set.table)).toEqual(['nodes', 'fields']);
    expect(sectionOf(archive, events).files).toEqual([]);
    expect(sectionOf(archive, { id: 'applications.application', formerIds: ['nodes.items'] }).data).toEqual([
      { table: 'applications', rows: [{ id: 'plant', name: 'Plant' }] },
    ]);
    expect(sectionOf(archive, { id: 'themes.profiles' })).toEqual({ data: [], files: [] });
  });

  it('reads back exactly what it wrote, binary files included', () => {
    const archive = readArchive(writeArchive(manifest, exports));
    expect(archive.manifest).toEqual(manifest);
    expect(archive.participants.get('applications.application')).toEqual(exports[0]!.data);
    expect(archive.participants.get('nodes.items')).toEqual(exports[1]!.data);
  });

  it.each([
    ['not a zip', Buffer.from('hello')],
    ['a zip without a manifest', Buffer.from(zipSync({ 'a.txt': strToU8('x') }))],
    [
      'another format version',
      Buffer.from(zipSync({ 'manifest.json': strToU8(JSON.stringify({ ...manifest, formatVersion: 2 })) })),
    ],
    ['a participant without its data', Buffer.from(zipSync({ 'manifest.json': strToU8(JSON.stringify(manifest)) }))],
  ])('refuses %s with the translated invalid-archive error', (_, zip) => {
    expect(() => readArchive(zip)).toThrow(expect.objectContaining({ statusCode: 400, code: 'backups.errors.invalidArchive' }));
  });

  it('refuses a zip bomb from its declared sizes, before inflating it', () => {
    // 800 MB declared by an entry of a few bytes: refused without allocating it.
    const bomb = declareSize(writeArchive(manifest, exports), 800 * 1024 ** 2);
    expect(() => readArchive(bomb)).toThrow(expect.objectContaining({ statusCode: 400, code: 'backups.errors.archiveTooLarge' }));
  });

  it('refuses a zip over the entry count, entry size or total size limits', () => {
    const zip = writeArchive(manifest, exports);
    const tooLarge = expect.objectContaining({ statusCode: 400, code: 'backups.errors.archiveTooLarge' });
    const roomy = { entries: 100, entryBytes: 1024 ** 2, totalBytes: 1024 ** 2 };
    expect(() => readArchive(zip, roomy)).not.toThrow();
    expect(() => readArchive(zip, { ...roomy, entries: 2 })).toThrow(tooLarge);
    expect(() => readArchive(zip, { ...roomy, entryBytes: 100 })).toThrow(tooLarge);
    expect(() => readArchive(zip, { ...roomy, totalBytes: 300 })).toThrow(tooLarge);
  });
});
