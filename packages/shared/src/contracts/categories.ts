import { z } from 'zod';
import { idParam, nextCursorField as nextCursor, pagination, paginationQuery } from '../schemas/common.js';
import {
  bulkToggleBody,
  category,
  categoryImportResult,
  categoryListQuery,
  categorySearchQuery,
  categoryTreeNode,
  createCategoryBody,
  deleteCategoryBody,
  updateCategoryBody,
} from '../schemas/categories.js';
import { categoryContentQuery, content } from '../schemas/content.js';
import { contract } from './contract.js';
import { categoriesEndpoints as e } from './categories.endpoints.js';

const categoryPage = z.object({ data: z.array(category), pagination });
const categoryIdParam = z.object({ categoryId: z.string().uuid() });
const categoryReply = z.object({ data: category, message: z.string() });

export const categoriesContracts = {
  active: contract(e.active, {
    tags: ['categories'],
    summary: 'Active categories, page by page (default page 1, 10 per page)',
    query: paginationQuery,
    reply: { 200: categoryPage },
  }),
  list: contract(e.list, {
    tags: ['categories'],
    summary: 'Categories; parentId=null for roots; admins may also list inactive ones',
    query: categoryListQuery,
    reply: { 200: categoryPage },
  }),
  tree: contract(e.tree, {
    tags: ['categories'],
    summary: 'Every category nested under its parent',
    reply: { 200: z.object({ data: z.array(categoryTreeNode) }) },
  }),
  roots: contract(e.roots, {
    tags: ['categories'],
    summary: 'Top-level categories',
    reply: { 200: z.object({ data: z.array(category) }) },
  }),
  search: contract(e.search, {
    tags: ['categories'],
    summary: 'Categories whose name, slug or description matches',
    query: categorySearchQuery,
    reply: { 200: categoryPage },
  }),
  bulkToggle: contract(e.bulkToggle, {
    tags: ['categories'],
    summary: 'Activate or deactivate several categories',
    body: bulkToggleBody,
    reply: { 200: z.object({ data: z.object({ updated: z.number().int() }), message: z.string() }) },
  }),
  import: contract(e.import, {
    tags: ['categories'],
    summary: 'Import categories from a JSON or CSV file (name, slug, parent_slug, description); all rows or none',
    description: 'multipart/form-data with one `file`. Every row is checked first; any bad row fails the import with 400 and details per row.',
    consumes: ['multipart/form-data'],
    reply: { 201: z.object({ data: categoryImportResult, message: z.string() }) },
  }),
  get: contract(e.get, {
    tags: ['categories'],
    summary: 'One category',
    params: idParam,
    reply: { 200: z.object({ data: category }) },
  }),
  create: contract(e.create, {
    tags: ['categories'],
    summary: 'Create a category (slug from the name when not given)',
    body: createCategoryBody,
    reply: { 201: categoryReply },
  }),
  update: contract(e.update, {
    tags: ['categories'],
    summary: 'Change a category; it cannot move under itself or a descendant',
    params: idParam,
    body: updateCategoryBody,
    reply: { 200: categoryReply },
  }),
  remove: contract(e.remove, {
    tags: ['categories'],
    summary: 'Delete a category; content and children move to reassignToCategory, else content loses its category and children move up',
    params: idParam,
    body: deleteCategoryBody,
    reply: { 200: z.object({ data: z.null(), message: z.string() }) },
  }),
  content: contract(e.content, {
    tags: ['categories'],
    summary: 'Public content of a category and its descendants, newest first: {data: Content[], category, pagination}; `contentType` filters by type',
    params: categoryIdParam,
    query: categoryContentQuery,
    reply: { 200: z.object({ data: z.array(content), category, pagination, nextCursor }) },
  }),
  breadcrumb: contract(e.breadcrumb, {
    tags: ['categories'],
    summary: 'The path from the root category down to this one',
    params: categoryIdParam,
    reply: { 200: z.object({ data: z.array(category) }) },
  }),
} as const;
