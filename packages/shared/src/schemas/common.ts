import { z } from 'zod';
import { LIMITS } from '../limits.js';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(LIMITS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/**
 * A list's position: the `nextCursor` of the previous reply. With it the page after that item is
 * answered (and `page` is ignored), so items added while someone scrolls cause no repeats or gaps.
 */
export const cursorParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .max(1000, 'That cursor is not valid: pass the nextCursor of the previous page unchanged')
    .optional()
    .describe('The nextCursor of the previous page; answers the page after it (page is then ignored)'),
);

/** Page and page size, or a cursor, for the lists that scroll on. */
export const cursorPaginationQuery = paginationQuery.extend({ cursor: cursorParam });
export type CursorPaginationQuery = z.infer<typeof cursorPaginationQuery>;

/** Where the next page starts; null on the last page. */
export const nextCursorField = z.string().nullable();

export const pagination = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
}).meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof pagination>;

export function makePagination(page: number, pageSize: number, total: number): Pagination {
  return { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The answer to a search longer than the limit (not "Please enter something to search for"). */
export const searchTooLong = (max: number) => `Search queries can be at most ${max} characters`;

export const idParam = z.object({ id: z.string().uuid() });

/** Every failure of the API (DESIGN.md §4); `components.schemas.Error` in the OpenAPI document. */
export const errorBody = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    error: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
