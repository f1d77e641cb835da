import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { searchTooLong } from './common.js';

export const CATEGORY_NAME_MAX_LENGTH = 80;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const category = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Public, ready content filed directly under this category. */
  contentCount: z.number().int(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof category>;

export interface CategoryTreeNode extends Category {
  children: CategoryTreeNode[];
}
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = category.extend({
  get children() {
    return z.array(categoryTreeNode);
  },
}).meta({ id: 'CategoryTreeNode' });

/** Lower-case words joined by dashes: "Sea & Sky" → "sea-sky". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CATEGORY_NAME_MAX_LENGTH, `Name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`);
const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'Slug must be at most 80 characters')
  .regex(CATEGORY_SLUG_PATTERN, 'Slug may contain lower-case letters, digits and dashes');
const descriptionField = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX_LENGTH, `Description must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`)
  .nullable();
const parentField = z.string().uuid('Please choose a parent category from the list').nullable();

export const createCategoryBody = z.object({
  name: nameField,
  slug: slugField.optional(),
  description: descriptionField.optional(),
  parentId: parentField.optional(),
  isActive: z.boolean().optional(),
  sortOrder: z.number().int().min(-100000).max(100000).optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBody>;

export const updateCategoryBody = createCategoryBody.partial().strict();
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;

const queryBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v),
  z.boolean({ error: 'isActive must be true or false' }).optional(),
);

export const categoryListQuery = z.object({
  page: z.coerce.number().int().min(1).default(LIMITS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  /** A category id, or the literal text `null` for root categories. */
  parentId: z.union([z.literal('null'), z.string().uuid('parentId must be a category id or null')]).optional(),
  q: z.string().trim().max(100).optional(),
  isActive: queryBoolean,
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

export const categorySearchQuery = z.object({
  q: z
    .string({ error: 'Please enter something to search for' })
    .trim()
    .min(1, 'Please enter something to search for')
    .max(100, searchTooLong(100)),
  page: z.coerce.number().int().min(1).default(LIMITS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});

export const deleteCategoryBody = z
  .object({ reassignToCategory: z.string().uuid('Please choose a category to move content to').nullable().optional() })
  .nullable()
  .optional();
export type DeleteCategoryBody = z.infer<typeof deleteCategoryBody>;

export const bulkToggleBody = z.object({
  ids: z.array(z.string().uuid()).min(1, 'Please choose at least one category').max(500),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type BulkToggleBody = z.infer<typeof bulkToggleBody>;

export const categoryImportError = z.object({ row: z.number().int(), reason: z.string() });
export type CategoryImportError = z.infer<typeof categoryImportError>;

export const categoryImportResult = z.object({ imported: z.number().int(), categories: z.array(category) });
export type CategoryImportResult = z.infer<typeof categoryImportResult>;
