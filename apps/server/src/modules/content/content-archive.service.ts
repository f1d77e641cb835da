import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ContentStatus, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { Storage } from '../../platform/storage/storage.js';
import { categoryNames as readCategoryNames } from '../categories/index.js';
import type { ContentRow } from './content.schema.js';
import { listAllOwnedContent } from './content.repository.js';

export interface ContentArchiveDeps {
  db: Db;
  storage: Pick<Storage, 'get'>;
  clock: () => Date;
  log?: { error(obj: object, msg?: string): void };
}

/** What metadata.json (per item) and each index.json entry say about one item. */
export interface ArchivedItemMetadata {
  id: string;
  title: string;
  description: string | null;
  prompt: string;
  model: string;
  type: ContentType;
  status: ContentStatus;
  tags: string[];
  category: { id: string; name: string | null } | null;
  isPrivate: boolean;
  createdAt: string;
  completedAt: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  mimeType: string | null;
  parentId: string | null;
  counts: { likes: number; comments: number; plays: number };
}

export interface ArchiveIndexEntry extends ArchivedItemMetadata {
  /** Folder of the item inside the zip; null for items that never got a file (queued, failed). */
  folder: string | null;
  /** Path of the media file inside the zip; null when there is none. */
  file: string | null;
}

export interface ContentArchive {
  fileName: string;
  itemCount: number;
  stream: Readable;
}

/** Media that is already compressed gains nothing from deflate, only CPU time. */
const isTextual = (mimeType: string | null) => mimeType !== null && (mimeType.startsWith('text/') || mimeType.includes('svg') || mimeType.includes('json'));

function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

function metadataOf(row: ContentRow, categoryNames: Map<string, string>): ArchivedItemMetadata {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prompt: row.prompt,
    model: row.model,
    type: row.contentType,
    status: row.status,
    tags: row.tags,
    category: row.categoryId ? { id: row.categoryId, name: categoryNames.get(row.categoryId) ?? null } : null,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    mimeType: row.mimeType,
    parentId: row.parentId,
    counts: { likes: row.likeCount, comments: row.commentCount, plays: row.playCount },
  };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * Everything one user owns as a ZIP: `<folder>/original.<ext>` and `<folder>/metadata.json` per item
 * with a file, and `index.json` listing every item (those without a file too). The zip is produced
 * as it is sent: each media file is read from storage only when the zip reaches it, so memory
 * holds one file at a time however large the library is.
 */
export async function buildContentArchive(deps: ContentArchiveDeps, ownerId: string): Promise<ContentArchive> {
  const [rows, categoryNames] = await Promise.all([listAllOwnedContent(deps.db, ownerId), readCategoryNames(deps.db)]);
  const zip = new ZipFile();
  const entries: ArchiveIndexEntry[] = [];
  const exportedAt = deps.clock();

  for (const row of rows) {
    const metadata = metadataOf(row, categoryNames);
    const mediaKey = row.status === 'ready' ? row.mediaKey : null;
    if (!mediaKey) {
      entries.push({ ...metadata, folder: null, file: null });
      continue;
    }
    // The id keeps folders unique even when titles repeat; the date and title keep them readable.
    const folder = `items/${row.createdAt.toISOString().slice(0, 10)}-${slugOf(row.title)}-${row.id.slice(0, 8)}`;
    const file = `${folder}/original${path.posix.extname(mediaKey)}`;
    const entry: ArchiveIndexEntry = { ...metadata, folder, file };
    entries.push(entry);
    zip.addBuffer(json(metadata), `${folder}/metadata.json`, { mtime: row.createdAt });
    zip.addReadStreamLazy(file, { mtime: row.createdAt, compress: isTextual(row.mimeType) }, (cb) => {
      deps.storage.get(mediaKey).then(
        (bytes) => {
          if (!bytes) {
            // The row outlived its file; say so in the index rather than fail the whole download.
            entry.file = null;
            deps.log?.error({ contentId: row.id, key: mediaKey }, 'archive: media file missing');
          }
          cb(null, Readable.from([bytes ?? Buffer.alloc(0)], { objectMode: false }));
        },
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
  }

  // Lazy, so it is written last and reflects any file found missing on the way.
  zip.addReadStreamLazy('index.json', (cb) => {
    cb(null, Readable.from([json({ exportedAt: exportedAt.toISOString(), itemCount: entries.length, items: entries })], { objectMode: false }));
  });
  zip.end();

  const stream = zip.outputStream as Readable;
  zip.on('error', (err: unknown) => {
    deps.log?.error({ err, ownerId }, 'archive: could not build the zip');
    // Ending the response with an error makes the client see a broken download, not a truncated "valid" zip.
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { fileName: `atelier-content-${exportedAt.toISOString().slice(0, 10)}.zip`, itemCount: rows.length, stream };
}
