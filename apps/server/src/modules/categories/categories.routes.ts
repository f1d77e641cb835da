import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import { z } from 'zod';
import {
  bulkToggleBody,
  category,
  categoryImportResult,
  categoryListQuery,
  categorySearchQuery,
  categoryTreeNode,
  content,
  createCategoryBody,
  deleteCategoryBody,
  idParam,
  pagination,
  paginationQuery,
  updateCategoryBody,
} from '@atelier/shared';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { AppModule } from '../../platform/http/types.js';
import { listCategoryContent } from '../content/index.js';
import {
  breadcrumb,
  bulkToggle,
  categoryTree,
  createCategory,
  deleteCategory,
  getCategory,
  importCategories,
  listCategoryPage,
  parseImportFile,
  rootCategories,
  searchCategories,
  updateCategory,
} from './categories.service.js';

const bearer = [{ bearer: [] }];
const categoryPage = z.object({ data: z.array(category), pagination });
const categoryIdParam = z.object({ categoryId: z.string().uuid() });
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Spec §7 "Categories" (admin-managed tree) and GET /categories (the content side's flat list). */
export const categoriesRoutes: AppModule = (app, ctx) => {
  const deps = { db: ctx.database.db };
  const contentDeps = { db: ctx.database.db, storage: ctx.storage, clock: ctx.clock };

  app.get(
    '/categories',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['categories'],
        summary: 'Active categories, page by page (default page 1, 10 per page)',
        querystring: paginationQuery,
        response: { 200: categoryPage },
      },
    },
    async (request) => listCategoryPage(deps, { ...request.query, isActive: true }, null),
  );

  app.get(
    '/category',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['categories'],
        summary: 'Categories; parentId=null for roots; admins may also list inactive ones',
        querystring: categoryListQuery,
        response: { 200: categoryPage },
      },
    },
    async (request) => listCategoryPage(deps, request.query, request.auth),
  );

  app.get(
    '/category/tree',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: { tags: ['categories'], summary: 'Every category nested under its parent', response: { 200: z.object({ data: z.array(categoryTreeNode) }) } },
    },
    async (request) => ({ data: await categoryTree(deps, request.auth) }),
  );

  app.get(
    '/category/root',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: { tags: ['categories'], summary: 'Top-level categories', response: { 200: z.object({ data: z.array(category) }) } },
    },
    async (request) => ({ data: await rootCategories(deps, request.auth) }),
  );

  app.get(
    '/category/search',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: { tags: ['categories'], summary: 'Categories whose name, slug or description matches', querystring: categorySearchQuery, response: { 200: categoryPage } },
    },
    async (request) => searchCategories(deps, request.query.q, request.query.page, request.query.pageSize, request.auth),
  );

  app.post(
    '/category/bulk-toggle',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'Activate or deactivate several categories',
        security: bearer,
        body: bulkToggleBody,
        response: { 200: z.object({ data: z.object({ updated: z.number().int() }), message: z.string() }) },
      },
    },
    async (request) => {
      const updated = await bulkToggle(deps, request.body.ids, request.body.isActive);
      return { data: { updated }, message: `${updated} categories updated` };
    },
  );

  app.post(
    '/category/import',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'Import categories from a JSON or CSV file (name, slug, parent_slug, description); all rows or none',
        description: 'multipart/form-data with one `file`. Every row is checked first; any bad row fails the import with 400 and details per row.',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: categoryImportResult, message: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'Please upload the file as multipart/form-data');
      let file: Buffer | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
          if (part.type === 'file') file = await part.toBuffer();
        }
      } catch (err) {
        throw multipartFailure(err, { tooLarge: 'The import file can be at most 2 MB', oneFile: 'Please attach a single file' });
      }
      if (!file || file.length === 0) throw badRequest('Please choose a JSON or CSV file to import');
      const rows = parseImportFile(file);
      assertFormText({ file: rows });
      const created = await importCategories(deps, rows);
      return reply.status(201).send({ data: { imported: created.length, categories: created }, message: `${created.length} categories imported` });
    },
  );

  app.get(
    '/category/:id',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: { tags: ['categories'], summary: 'One category', params: idParam, response: { 200: z.object({ data: category }) } },
    },
    async (request) => ({ data: await getCategory(deps, request.params.id, request.auth) }),
  );

  app.post(
    '/category',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'Create a category (slug from the name when not given)',
        security: bearer,
        body: createCategoryBody,
        response: { 201: z.object({ data: category, message: z.string() }) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createCategory(deps, request.body), message: 'Category created' }),
  );

  app.patch(
    '/category/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'Change a category; it cannot move under itself or a descendant',
        security: bearer,
        params: idParam,
        body: updateCategoryBody,
        response: { 200: z.object({ data: category, message: z.string() }) },
      },
    },
    async (request) => ({ data: await updateCategory(deps, request.params.id, request.body), message: 'Category updated' }),
  );

  app.delete(
    '/category/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'Delete a category; content and children move to reassignToCategory, else content loses its category and children move up',
        security: bearer,
        params: idParam,
        body: deleteCategoryBody,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await deleteCategory(deps, request.params.id, request.body?.reassignToCategory);
      return { data: null, message: 'Category deleted' };
    },
  );

  app.get(
    '/category/:categoryId/content',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['categories'],
        summary: 'Public content of a category and its descendants, newest first: {data: Content[], category, pagination}',
        params: categoryIdParam,
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(content), category, pagination }) },
      },
    },
    async (request) => {
      const found = await getCategory(deps, request.params.categoryId, request.auth);
      const page = await listCategoryContent(contentDeps, found.id, request.query.page, request.query.pageSize, request.auth);
      return { data: page.data, category: found, pagination: page.pagination };
    },
  );

  app.get(
    '/category/:categoryId/breadcrumb',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['categories'],
        summary: 'The path from the root category down to this one',
        params: categoryIdParam,
        response: { 200: z.object({ data: z.array(category) }) },
      },
    },
    async (request) => ({ data: await breadcrumb(deps, request.params.categoryId, request.auth) }),
  );
};
