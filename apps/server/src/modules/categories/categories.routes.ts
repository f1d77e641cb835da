import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import { categoriesContracts as c } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
import { sameUnlessAdmin } from '../../platform/http/public-replies.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { AppModule } from '../../platform/http/types.js';
import type { GalleryCountOf } from './categories.repository.js';
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
  type CategoryDeps,
} from './categories.service.js';

const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Spec §7 "Categories" (admin-managed tree) and GET /categories (the content side's flat list). */
export const categoriesRoutes = (galleryCount: GalleryCountOf): AppModule => (app, ctx) => {
  const deps: CategoryDeps = { db: ctx.database.db, galleryCount, hooks: ctx.hooks };

  app.route({
    ...fromContract(c.active),
    config: { publicRead: 'cache', forViewer: sameUnlessAdmin },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listCategoryPage(deps, { ...request.query, isActive: true }, null),
  });

  app.route({
    ...fromContract(c.list),
    config: { publicRead: 'cache', forViewer: sameUnlessAdmin },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listCategoryPage(deps, request.query, request.auth),
  });

  app.route({
    ...fromContract(c.tree),
    config: { publicRead: 'cache', forViewer: sameUnlessAdmin },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await categoryTree(deps, request.auth) }),
  });

  app.route({
    ...fromContract(c.roots),
    config: { publicRead: 'cache', forViewer: sameUnlessAdmin },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await rootCategories(deps, request.auth) }),
  });

  app.route({
    ...fromContract(c.search),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => searchCategories(deps, request.query.q, request.query.page, request.query.pageSize, request.auth),
  });

  app.route({
    ...fromContract(c.bulkToggle),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => {
      const updated = await bulkToggle(deps, request.body.ids, request.body.isActive);
      return { data: { updated }, message: `${updated} categories updated` };
    },
  });

  app.route({
    ...fromContract(c.import),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAdmin,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...fromContract(c.get),
    config: { publicRead: 'etag' },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await getCategory(deps, request.params.id, request.auth) }),
  });

  app.route({
    ...fromContract(c.create),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAdmin,
    handler: async (request, reply) => reply.status(201).send({ data: await createCategory(deps, request.body), message: 'Category created' }),
  });

  app.route({
    ...fromContract(c.update),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({ data: await updateCategory(deps, request.params.id, request.body), message: 'Category updated' }),
  });

  app.route({
    ...fromContract(c.remove),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => {
      await deleteCategory(deps, request.params.id, request.body?.reassignToCategory);
      return { data: null, message: 'Category deleted' };
    },
  });

  app.route({
    ...fromContract(c.breadcrumb),
    config: { publicRead: 'etag' },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await breadcrumb(deps, request.params.categoryId, request.auth) }),
  });
};
