import { endpoint } from './contract.js';

/** Content (spec §7 "Content"): lists, search, one item, uploads, plays, likes and comments. Schemas: `./content.ts`. */
export const contentEndpoints = {
  list: endpoint('GET', '/content'),
  search: endpoint('GET', '/content/search'),
  feed: endpoint('GET', '/content/feed'),
  upload: endpoint('POST', '/content'),
  play: endpoint('POST', '/content/:id/play'),
  like: endpoint('POST', '/content/:contentId/like'),
  unlike: endpoint('DELETE', '/content/:contentId/like'),
  comments: endpoint('GET', '/content/:contentId/comments'),
  addComment: endpoint('POST', '/content/:contentId/comments'),
  deleteComment: endpoint('DELETE', '/content/:contentId/comments/:commentId'),
  remixes: endpoint('GET', '/content/:id/remixes'),
  get: endpoint('GET', '/content/:id'),
  update: endpoint('PUT', '/content/:id'),
  remove: endpoint('DELETE', '/content/:id'),
} as const;
