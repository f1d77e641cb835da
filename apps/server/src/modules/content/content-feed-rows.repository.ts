import { Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentOwner } from '@atelier/shared';
import { queryRows, type Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content } from './content.schema.js';
import type { ListedContentRow } from './content.view.js';

/*
 * The rows of a gallery or search page (content-feed-pages.repository.ts), read without drizzle's
 * generic row mapping: the statement's SQL text is kept with the placeholders of its values, the
 * driver returns each row as an array, and toFeedRow maps the fields by position. Times are read as
 * text, already in the reply's form, so no Date is made and printed again for each row.
 */

/** created_at as exact UTC text (a JS Date would drop the microseconds the keyset compares). */
export const exactText = (at: SQL | typeof content.createdAt): SQL<string> =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A time as the reply writes it (Date#toISOString: UTC, milliseconds cut, not rounded). */
const isoText = (at: typeof content.updatedAt | typeof content.completedAt): SQL<string> =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The exact text of created_at cut to the reply's milliseconds, as Date#toISOString would write it. */
const isoFromExact = (exact: string): string => `${exact.slice(0, 23)}Z`;

/**
 * The fields of a listed page, in select order: the columns a reply shows (content.view.ts) and no
 * more, the owner, whether the viewer likes the item, the created_at of the cursor and the sort key
 * after it (popularity, or the search rank). The rows come back as arrays in this order.
 */
export const FIELDS = [
  'id',
  'userId',
  'title',
  'description',
  'prompt',
  'model',
  'contentType',
  'status',
  'progress',
  'isPrivate',
  'seed',
  'strength',
  'width',
  'height',
  'durationMs',
  'mediaKey',
  'previewKey',
  'thumbnailKey',
  'posterKey',
  'tileKey',
  'mimeType',
  'cost',
  'parentId',
  'editOperation',
  'likeCount',
  'commentCount',
  'playCount',
  'categoryId',
  'tags',
  'createdAt',
  'updatedAt',
  'completedAt',
  'rating',
  'ownerId',
  'ownerUsername',
  'ownerFullName',
  'ownerAvatar',
  'isLiked',
  'cursorAt',
  'sortKey',
] as const;
type Field = (typeof FIELDS)[number];
const F = Object.fromEntries(FIELDS.map((name, i) => [name, i])) as Record<Field, number>;

export function pageFields(isLiked: SQL<boolean>, cursorAt: SQL<string>, sortKey: SQL<number>): Record<Field, SQL | AnyPgColumn> {
  const fields = {
    id: content.id,
    userId: content.userId,
    title: content.title,
    description: content.description,
    prompt: content.prompt,
    model: content.model,
    contentType: content.contentType,
    status: content.status,
    progress: content.progress,
    isPrivate: content.isPrivate,
    seed: content.seed,
    strength: content.strength,
    width: content.width,
    height: content.height,
    durationMs: content.durationMs,
    mediaKey: content.mediaKey,
    previewKey: content.previewKey,
    thumbnailKey: content.thumbnailKey,
    posterKey: content.posterKey,
    tileKey: content.tileKey,
    mimeType: content.mimeType,
    cost: content.cost,
    parentId: content.parentId,
    editOperation: content.editOperation,
    likeCount: content.likeCount,
    commentCount: content.commentCount,
    playCount: content.playCount,
    categoryId: content.categoryId,
    tags: content.tags,
    createdAt: exactText(content.createdAt),
    updatedAt: isoText(content.updatedAt),
    completedAt: isoText(content.completedAt),
    rating: content.rating,
    ownerId: users.id,
    ownerUsername: users.username,
    ownerFullName: users.fullName,
    ownerAvatar: users.avatar,
    isLiked,
    cursorAt,
    sortKey,
  } satisfies Record<Field, SQL | AnyPgColumn>;
  // The mapping below reads fields by position: the select must list them in FIELDS' order.
  if (Object.keys(fields).join() !== FIELDS.join()) throw new Error('page fields are out of order');
  return fields;
}

/** One row of a page, as the driver returned it (an array in FIELDS' order). */
export function toFeedRow(r: unknown[]): FeedRow & { cursorAt: string; sortKey: number } {
  const row: ListedContentRow = {
    id: r[F.id] as string,
    userId: r[F.userId] as string,
    title: r[F.title] as string,
    description: r[F.description] as string | null,
    prompt: r[F.prompt] as string,
    model: r[F.model] as string,
    contentType: r[F.contentType] as ListedContentRow['contentType'],
    status: r[F.status] as ListedContentRow['status'],
    progress: r[F.progress] as number,
    isPrivate: r[F.isPrivate] as boolean,
    seed: r[F.seed] as number,
    strength: r[F.strength] as number,
    width: r[F.width] as number | null,
    height: r[F.height] as number | null,
    durationMs: r[F.durationMs] as number | null,
    mediaKey: r[F.mediaKey] as string | null,
    previewKey: r[F.previewKey] as string | null,
    thumbnailKey: r[F.thumbnailKey] as string | null,
    posterKey: r[F.posterKey] as string | null,
    tileKey: r[F.tileKey] as string | null,
    mimeType: r[F.mimeType] as string | null,
    cost: r[F.cost] as number,
    parentId: r[F.parentId] as string | null,
    editOperation: r[F.editOperation] as ListedContentRow['editOperation'],
    likeCount: r[F.likeCount] as number,
    commentCount: r[F.commentCount] as number,
    playCount: r[F.playCount] as number,
    categoryId: r[F.categoryId] as string | null,
    tags: r[F.tags] as string[],
    createdAt: isoFromExact(r[F.createdAt] as string),
    updatedAt: r[F.updatedAt] as string,
    completedAt: r[F.completedAt] as string | null,
    rating: r[F.rating] as ListedContentRow['rating'],
  };
  const owner: ContentOwner = {
    id: r[F.ownerId] as string,
    username: r[F.ownerUsername] as string,
    fullName: r[F.ownerFullName] as string,
    avatar: r[F.ownerAvatar] as string | null,
  };
  return { row, owner, isLiked: r[F.isLiked] as boolean, cursorAt: r[F.cursorAt] as string, sortKey: Number(r[F.sortKey]) };
}

export interface FeedRow {
  row: ListedContentRow;
  owner: ContentOwner;
  isLiked: boolean;
}

/** A page's SQL text, and for each of its parameters the placeholder it takes its value from (or the value). */
export interface PageStatement {
  text: string;
  params: unknown[];
}

export function pageStatement(query: { toSQL(): { sql: string; params: unknown[] } }): PageStatement {
  const { sql: text, params } = query.toSQL();
  return { text, params };
}

export async function readRows(db: Db, statement: PageStatement, values: Record<string, unknown>): Promise<unknown[][]> {
  const args = statement.params.map((p) => {
    if (!(p instanceof Placeholder)) return p;
    const value = values[p.name];
    if (value === undefined) throw new Error(`no value for placeholder ${p.name}`);
    return value;
  });
  return queryRows(db, statement.text, args);
}

export const readPage = async (db: Db, statement: PageStatement, values: Record<string, unknown>) =>
  (await readRows(db, statement, values)).map(toFeedRow);
