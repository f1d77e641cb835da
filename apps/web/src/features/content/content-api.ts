import {
  MSG,
  categoriesEndpoints,
  contentEndpoints,
  usersEndpoints,
  type Category,
  type CategoryImportResult,
  type CategoryTreeNode,
  type Comment,
  type Content,
  type ContentSort,
  type ContentType,
  type CreateCategoryBody,
  type LikeResult,
  type Pagination,
  type ReplyOf,
  type UpdateCategoryBody,
  type categoriesContracts,
  type contentContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
import { generationApi } from '../generation';
import {
  addComment,
  addCreatedFirst,
  applyLike,
  countRemoved,
  mergeCommentPage,
  mergeCursorPage,
  removeComment,
  updateInList,
  type CursorPaged,
  type Paged,
} from './content-merge';
import { sendUpload, type UploadFields } from './content-upload';

/** A person's own items, newest first, one page at a time. */
export interface UserContentArgs {
  userId: string;
  page?: number;
  pageSize?: number;
}

/**
 * The lists that scroll on: the first page is asked for without a cursor, each next one with the
 * previous reply's `nextCursor`, so work published meanwhile neither repeats an item nor skips one.
 * All pages of one list share a cache entry (the cursor is not part of its key) and are merged.
 */
export interface ContentListArgs {
  type?: ContentType;
  category?: string;
  owner?: string;
  tag?: string;
  sort?: ContentSort;
  pageSize: number;
  cursor?: string;
}

export interface ContentSearchArgs {
  q: string;
  type?: ContentType;
  pageSize: number;
  cursor?: string;
}

export interface CategoryContentArgs {
  categoryId: string;
  /** Only this type: the server filters, so every page holds it. */
  contentType?: ContentType;
  pageSize: number;
  cursor?: string;
}

export type ContentListPage = CursorPaged<Content>;

/** A category's content page answers {data: Content[], category, pagination, nextCursor}. */
export interface CategoryContentPage extends CursorPaged<Content> {
  category: Category;
}

export interface CategoryListArgs {
  page: number;
  pageSize: number;
  parentId?: string | null;
  q?: string;
  isActive?: boolean;
}

/** Spec §5: category query values that are null or undefined are dropped, except a null parentId (sent as the text null). */
export function categoryParams(args: CategoryListArgs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === 'parentId' && value === null) out.parentId = 'null';
    else if (value !== null && value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

function listParams(args: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args))
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

const withoutCursor = <T extends { cursor?: string }>({ cursor: _cursor, ...rest }: T) => rest;
const itemTags = (result: Paged<Content> | undefined) => [
  { type: 'Content' as const, id: 'LIST' },
  ...(result?.data.map((c) => ({ type: 'Content' as const, id: c.id })) ?? []),
];

/** Where a content item may be cached: one item, and every list that holds it. */
type ContentChange = (item: Content) => Content;

export interface UploadArgs {
  file: File;
  fields: UploadFields;
  /** 0–100 as the bytes go up. */
  onProgress?: (percent: number) => void;
}

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadContent: build.mutation<Content, UploadArgs>({
      async queryFn({ file, fields, onProgress = () => undefined }, { signal }, _extra, baseQuery) {
        try {
          let reply = await sendUpload(file, fields, onProgress, signal);
          if (reply.status === 401) {
            // Any call through the shared base query renews an expired access token; then try once more.
            await baseQuery(call(usersEndpoints.me));
            reply = await sendUpload(file, fields, onProgress, signal);
          }
          if (reply.status === 201 && reply.body?.data) return { data: reply.body.data };
          return { error: { status: reply.status, data: reply.body } };
        } catch {
          return { error: { status: 'FETCH_ERROR', error: MSG.content.createFailed } };
        }
      },
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        await dispatch(generationApi.util.upsertQueryData('getContentById', result.data.id, result.data));
        addCreatedToLists(dispatch, getState, result.data);
      },
    }),
    getUserContent: build.query<Paged<Content>, UserContentArgs>({
      query: ({ userId, page = 1, pageSize = 12 }) =>
        call(usersEndpoints.userContent, { params: { id: userId }, query: { page, pageSize } }),
      providesTags: ['Content'],
    }),
    listContent: build.query<ContentListPage, ContentListArgs>({
      query: (args) => call(contentEndpoints.list, { query: listParams(args) }),
      serializeQueryArgs: ({ queryArgs }) => withoutCursor(queryArgs),
      merge: (current, incoming, { arg }) => mergeCursorPage(current, incoming, arg.cursor),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.cursor !== previousArg?.cursor,
      providesTags: itemTags,
    }),
    searchContent: build.query<ContentListPage, ContentSearchArgs>({
      query: (args) => call(contentEndpoints.search, { query: listParams(args) }),
      serializeQueryArgs: ({ queryArgs }) => withoutCursor(queryArgs),
      merge: (current, incoming, { arg }) => mergeCursorPage(current, incoming, arg.cursor),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.cursor !== previousArg?.cursor,
      providesTags: itemTags,
    }),
    /** The public items of the people the signed-in person follows, newest first. */
    followingFeed: build.query<ContentListPage, { pageSize: number; cursor?: string }>({
      query: (args) => call(contentEndpoints.feed, { query: listParams(args) }),
      serializeQueryArgs: ({ queryArgs }) => withoutCursor(queryArgs),
      merge: (current, incoming, { arg }) => mergeCursorPage(current, incoming, arg.cursor),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.cursor !== previousArg?.cursor,
      providesTags: itemTags,
    }),
    categoryContent: build.query<CategoryContentPage, CategoryContentArgs>({
      query: ({ categoryId, ...args }) => call(categoriesEndpoints.content, { params: { categoryId }, query: listParams(args) }),
      serializeQueryArgs: ({ queryArgs }) => withoutCursor(queryArgs),
      merge: (current, incoming, { arg }) => mergeCursorPage(current, incoming, arg.cursor),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.cursor !== previousArg?.cursor,
      providesTags: itemTags,
    }),
    playContent: build.mutation<number, string>({
      query: (id) => call(contentEndpoints.play, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.play>) => reply.data.playCount,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) patchContentEverywhere(dispatch, getState, id, (item) => ({ ...item, playCount: result.data }));
      },
    }),
    likeContent: build.mutation<LikeResult, { id: string; isLiked: boolean }>({
      query: ({ id, isLiked }) => call(isLiked ? contentEndpoints.like : contentEndpoints.unlike, { params: { contentId: id } }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.like>) => reply.data,
      // Optimistic; a failure quietly puts every copy back (spec §8: like failures are silent).
      async onQueryStarted({ id, isLiked }, { dispatch, getState, queryFulfilled }) {
        const patches = patchContentEverywhere(dispatch, getState, id, (item) => applyLike(item, isLiked));
        try {
          const { data } = await queryFulfilled;
          patchContentEverywhere(dispatch, getState, id, (item) => ({
            ...item,
            isLiked: data.isLiked,
            likeCount: data.likeCount,
          }));
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    getComments: build.query<Paged<Comment>, { contentId: string; page: number; pageSize?: number }>({
      query: ({ contentId, page, pageSize = 10 }) =>
        call(contentEndpoints.comments, { params: { contentId }, query: { page: String(page), pageSize: String(pageSize) } }),
      serializeQueryArgs: ({ queryArgs }) => queryArgs.contentId,
      merge: (current, incoming, { arg }) => mergeCommentPage(current, incoming, arg.contentId) ?? incoming,
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: (_r, _e, { contentId }) => [{ type: 'Comments', id: contentId }],
    }),
    addComment: build.mutation<Comment, { contentId: string; content: string; parentId?: string }>({
      query: ({ contentId, ...body }) => call(contentEndpoints.addComment, { params: { contentId }, body }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.addComment>) => reply.data,
      async onQueryStarted({ contentId }, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        const created = result.data;
        // Only the open item's thread takes it (the cache is keyed by content id).
        if (created.contentId !== contentId) return;
        dispatch(
          contentApi.util.updateQueryData('getComments', { contentId, page: 1 }, (draft) => {
            const before = draft.data;
            draft.data = addComment(before, created);
            if (!created.parentId && draft.data !== before) draft.pagination.total += 1;
          }),
        );
        patchContentEverywhere(dispatch, getState, contentId, (item) => ({
          ...item,
          commentCount: item.commentCount + 1,
        }));
      },
    }),
    deleteComment: build.mutation<void, { contentId: string; commentId: string }>({
      query: ({ contentId, commentId }) => call(contentEndpoints.deleteComment, { params: { contentId, commentId } }),
      transformResponse: () => undefined,
      async onQueryStarted({ contentId, commentId }, { dispatch, getState, queryFulfilled }) {
        if (!(await queryFulfilled.catch(() => null))) return;
        let removed = 1;
        dispatch(
          contentApi.util.updateQueryData('getComments', { contentId, page: 1 }, (draft) => {
            removed = countRemoved(draft.data, commentId) || 1;
            const wasTop = draft.data.some((c) => c.id === commentId);
            draft.data = removeComment(draft.data, commentId);
            if (wasTop) draft.pagination.total = Math.max(0, draft.pagination.total - 1);
          }),
        );
        patchContentEverywhere(dispatch, getState, contentId, (item) => ({
          ...item,
          commentCount: Math.max(0, item.commentCount - removed),
        }));
      },
    }),

    listCategories: build.query<Paged<Category>, { page: number; pageSize: number }>({
      query: (args) => call(categoriesEndpoints.active, { query: listParams(args) }),
      providesTags: ['Categories'],
    }),
    adminCategories: build.query<Paged<Category>, CategoryListArgs>({
      query: (args) => call(categoriesEndpoints.list, { query: categoryParams(args) }),
      providesTags: ['Categories'],
    }),
    categoryTree: build.query<CategoryTreeNode[], void>({
      query: () => call(categoriesEndpoints.tree),
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.tree>) => reply.data,
      providesTags: ['Categories'],
    }),
    categoryBreadcrumb: build.query<Category[], string>({
      query: (id) => call(categoriesEndpoints.breadcrumb, { params: { categoryId: id } }),
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.breadcrumb>) => reply.data,
      providesTags: ['Categories'],
    }),
    createCategory: build.mutation<Category, CreateCategoryBody>({
      query: (body) => call(categoriesEndpoints.create, { body }),
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.create>) => reply.data,
      invalidatesTags: ['Categories'],
    }),
    updateCategory: build.mutation<Category, { id: string } & UpdateCategoryBody>({
      query: ({ id, ...body }) => call(categoriesEndpoints.update, { params: { id }, body }),
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.update>) => reply.data,
      invalidatesTags: ['Categories'],
    }),
    deleteCategory: build.mutation<void, { id: string; reassignToCategory?: string | null }>({
      query: ({ id, reassignToCategory }) =>
        call(categoriesEndpoints.remove, { params: { id }, body: reassignToCategory ? { reassignToCategory } : {} }),
      transformResponse: () => undefined,
      invalidatesTags: ['Categories', { type: 'Content', id: 'LIST' }],
    }),
    bulkToggleCategories: build.mutation<number, { ids: string[]; isActive: boolean }>({
      query: (body) => call(categoriesEndpoints.bulkToggle, { body }),
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.bulkToggle>) => reply.data.updated,
      invalidatesTags: ['Categories'],
    }),
    importCategories: build.mutation<CategoryImportResult, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return call(categoriesEndpoints.import, { body: form });
      },
      transformResponse: (reply: ReplyOf<typeof categoriesContracts.import>) => reply.data,
      invalidatesTags: ['Categories'],
    }),
  }),
});

type Dispatch = (action: unknown) => unknown;
interface Undoable {
  undo: () => void;
}

/**
 * Spec §4 "Like" and "Play count": the change reaches the single item and every cached list that
 * holds it. Returns the patches so an optimistic change can be undone.
 */
export function patchContentEverywhere(
  dispatch: Dispatch,
  getState: () => unknown,
  id: string,
  change: ContentChange,
): Undoable[] {
  const patches: Undoable[] = [];
  const state = getState() as Parameters<typeof contentApi.util.selectInvalidatedBy>[0];
  for (const entry of contentApi.util.selectInvalidatedBy(state, [{ type: 'Content', id }])) {
    const { endpointName, originalArgs } = entry;
    if (endpointName === 'getContentById') {
      patches.push(
        dispatch(
          generationApi.util.updateQueryData('getContentById', originalArgs as string, (draft) => change(draft)),
        ) as Undoable,
      );
    } else if (endpointName === 'listContent') {
      patches.push(
        dispatch(
          contentApi.util.updateQueryData('listContent', originalArgs as ContentListArgs, (d) =>
            updateInList(d.data, id, change),
          ),
        ) as Undoable,
      );
    } else if (endpointName === 'searchContent') {
      patches.push(
        dispatch(
          contentApi.util.updateQueryData('searchContent', originalArgs as ContentSearchArgs, (d) =>
            updateInList(d.data, id, change),
          ),
        ) as Undoable,
      );
    } else if (endpointName === 'categoryContent') {
      patches.push(
        dispatch(
          contentApi.util.updateQueryData('categoryContent', originalArgs as CategoryContentArgs, (d) =>
            updateInList(d.data, id, change),
          ),
        ) as Undoable,
      );
    }
  }
  return patches;
}

/** Whether a created item belongs at the front of this gallery list: newest first, and no filter that excludes it. */
function isListFor(args: ContentListArgs, created: Content): boolean {
  const isOwnerList =
    args.owner !== undefined &&
    (args.owner === created.owner.id || args.owner.toLowerCase() === created.owner.username.toLowerCase());
  if (args.owner !== undefined && !isOwnerList) return false;
  if (created.isPrivate && !isOwnerList) return false;
  return (
    (args.sort ?? 'newest') === 'newest' &&
    !args.category &&
    !args.tag &&
    (!args.type || args.type === created.contentType)
  );
}

/**
 * Spec §4: content create adds the item to the front of each cached list it belongs to, only if
 * that list is non-empty. An empty one of the owner's lists is fetched again instead, so the new
 * item still shows there without being inserted by hand.
 */
function addCreatedToLists(dispatch: Dispatch, getState: () => unknown, created: Content): void {
  const state = getState() as Parameters<typeof contentApi.util.selectInvalidatedBy>[0];
  for (const { endpointName, originalArgs } of contentApi.util.selectInvalidatedBy(state, ['Content'])) {
    if (endpointName === 'listContent') {
      const args = originalArgs as ContentListArgs;
      // The cached list merges every page loaded so far; its front is the newest whatever page was last asked for.
      if (isListFor(args, created))
        dispatch(contentApi.util.updateQueryData('listContent', args, (d) => void addCreatedFirst(d, created)));
    } else if (endpointName === 'getUserContent') {
      const args = originalArgs as UserContentArgs;
      if (args.userId !== created.owner.id || (args.page ?? 1) !== 1) continue;
      let isEmpty = false;
      dispatch(
        contentApi.util.updateQueryData('getUserContent', args, (d) => {
          isEmpty = d.data.length === 0;
          addCreatedFirst(d, created);
        }),
      );
      if (isEmpty)
        void dispatch(contentApi.endpoints.getUserContent.initiate(args, { subscribe: false, forceRefetch: true }));
    }
  }
}

export type { Pagination };

export const {
  useUploadContentMutation,
  useGetUserContentQuery,
  useListContentQuery,
  useFollowingFeedQuery,
  useSearchContentQuery,
  useCategoryContentQuery,
  usePlayContentMutation,
  useLikeContentMutation,
  useGetCommentsQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
  useListCategoriesQuery,
  useAdminCategoriesQuery,
  useCategoryTreeQuery,
  useCategoryBreadcrumbQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useBulkToggleCategoriesMutation,
  useImportCategoriesMutation,
} = contentApi;
