import { z } from 'zod';
import { cursorPaginationQuery, idParam, nextCursorField as nextCursor, pagination, paginationQuery } from '../schemas/common.js';
import {
  comment,
  content,
  contentListQuery,
  contentSearchQuery,
  createCommentBody,
  likeResult,
  playResult,
  updateContentBody,
} from '../schemas/content.js';
import { contract } from './contract.js';
import { contentEndpoints as e } from './content.endpoints.js';

const contentPage = z.object({ data: z.array(content), pagination, nextCursor });
const contentIdParam = z.object({ contentId: z.string().uuid() });
const commentParams = z.object({ contentId: z.string().uuid(), commentId: z.string().uuid() });
const oneContent = z.object({ data: content });
const deleted = z.object({ data: z.null(), message: z.string() });

export const contentContracts = {
  list: contract(e.list, {
    tags: ['content'],
    summary: 'Public, ready content; filter by type, category (with its descendants), owner, tag or text; sort newest, popular or trending',
    query: contentListQuery,
    reply: { 200: contentPage },
  }),
  search: contract(e.search, {
    tags: ['content'],
    summary: 'Full-text search over title, tags, description and prompt, best match first',
    query: contentSearchQuery,
    reply: { 200: contentPage },
  }),
  feed: contract(e.feed, {
    tags: ['content'],
    summary: 'The following feed: public items of the people you follow, newest first',
    description: 'Keyset pages: pass `nextCursor` back as `cursor`, and items added meanwhile cause no repeats or gaps.',
    query: cursorPaginationQuery,
    reply: { 200: contentPage },
  }),
  upload: contract(e.upload, {
    tags: ['content'],
    summary: 'Upload your own file as content',
    description:
      'multipart/form-data: `file` plus title, description?, contentType, isPrivate?, categoryId?, tags? (comma-separated or a JSON array). ' +
      'The file is judged by its bytes: PNG, JPEG, WebP, GIF or SVG images (at most 10 MB), MP4 or WebM videos (at most 100 MB).',
    consumes: ['multipart/form-data'],
    reply: { 201: oneContent },
  }),
  play: contract(e.play, {
    tags: ['content'],
    summary: 'Count one play of a video, loop or animation',
    params: idParam,
    reply: { 200: z.object({ data: playResult }) },
  }),
  like: contract(e.like, {
    tags: ['content'],
    summary: 'Like content (once per user; liking again changes nothing)',
    params: contentIdParam,
    reply: { 200: z.object({ data: likeResult }) },
  }),
  unlike: contract(e.unlike, {
    tags: ['content'],
    summary: 'Take back your like',
    params: contentIdParam,
    reply: { 200: z.object({ data: likeResult }) },
  }),
  comments: contract(e.comments, {
    tags: ['content'],
    summary: 'Top-level comments, newest first, each with its replies oldest first',
    params: contentIdParam,
    query: paginationQuery,
    reply: { 200: z.object({ data: z.array(comment), pagination }) },
  }),
  addComment: contract(e.addComment, {
    tags: ['content'],
    summary: 'Comment on content, or reply to a comment on the same content',
    params: contentIdParam,
    body: createCommentBody,
    reply: { 201: z.object({ data: comment }) },
  }),
  deleteComment: contract(e.deleteComment, {
    tags: ['content'],
    summary: "Delete a comment (its author, the content's owner or an admin) with its replies",
    params: commentParams,
    reply: { 200: deleted },
  }),
  remixes: contract(e.remixes, {
    tags: ['content'],
    summary: 'The public remixes of an item, newest first',
    params: idParam,
    query: paginationQuery,
    reply: { 200: z.object({ data: z.array(content), pagination }) },
  }),
  get: contract(e.get, {
    tags: ['content'],
    summary: 'One content item; private items only for their owner',
    params: idParam,
    reply: { 200: oneContent },
  }),
  update: contract(e.update, {
    tags: ['content'],
    summary: 'Rename, describe or change the privacy of your content',
    params: idParam,
    body: updateContentBody,
    reply: { 200: oneContent },
  }),
  remove: contract(e.remove, {
    tags: ['content'],
    summary: 'Delete your content (admins: any content) and its files',
    params: idParam,
    reply: { 200: deleted },
  }),
} as const;
