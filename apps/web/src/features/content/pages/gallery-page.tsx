import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CONTENT_SORTS,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  GALLERY_PAGE_SIZE,
  LIMITS,
  MSG,
  type CategoryTreeNode,
  type Content,
  type ContentSort,
  type ContentType,
} from '@atelier/shared';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Button, EmptyState, GridIcon, Input, SearchIcon, Select, SparklesIcon, Tabs } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { useOpenGenerate } from '../../../lib/use-open-generate';
import {
  useCategoryBreadcrumbQuery,
  useCategoryContentQuery,
  useCategoryTreeQuery,
  useFollowingFeedQuery,
  useListContentQuery,
  useSearchContentQuery,
} from '../content-api';
import { ContentGrid } from '../components/content-grid';
import { UploadContentButton } from '../components/upload-content-button';
import { SuggestedPeople } from '../../users';
import '../content.css';

const PAGE_SIZE = GALLERY_PAGE_SIZE;
const SORT_NAMES: Record<ContentSort, string> = { newest: 'Newest', popular: 'Most popular', trending: 'Trending' };
type TypeTab = 'all' | ContentType;
const TYPE_TABS: { id: TypeTab; label: string }[] = [
  { id: 'all', label: 'All' },
  ...CONTENT_TYPES.map((t) => ({ id: t, label: CONTENT_TYPE_NAMES[t] })),
];

const isType = (v: string | null): v is ContentType => v !== null && (CONTENT_TYPES as readonly string[]).includes(v);
const isSort = (v: string | null): v is ContentSort => v !== null && (CONTENT_SORTS as readonly string[]).includes(v);

interface ResultsState {
  items: Content[];
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * Where one set of filters has scrolled to: the cursor of the page to ask for next (none for the
 * first). New filters start again at the first page, in the same render.
 */
function useCursor(key: string): [string | undefined, (cursor: string) => void] {
  const [state, setState] = useState<{ key: string; cursor?: string }>({ key });
  const cursor = state.key === key ? state.cursor : undefined;
  return [cursor, (next: string) => setState({ key, cursor: next })];
}

type ListQuery = {
  data?: { data: Content[]; nextCursor: string | null };
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
};

function resultsOf(q: ListQuery, setCursor: (cursor: string) => void): ResultsState {
  const next = q.data?.nextCursor ?? null;
  return {
    items: q.data?.data ?? [],
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    error: q.error,
    hasMore: next !== null,
    loadMore: () => {
      if (!q.isFetching && next !== null) setCursor(next);
    },
  };
}

function useBrowse(args: { type?: ContentType; sort: ContentSort }, isActive: boolean): ResultsState {
  const [cursor, setCursor] = useCursor(JSON.stringify(args));
  return resultsOf(useListContentQuery({ ...args, pageSize: PAGE_SIZE, cursor }, { skip: !isActive }), setCursor);
}

function useSearch(args: { q: string; type?: ContentType }, isActive: boolean): ResultsState {
  const [cursor, setCursor] = useCursor(JSON.stringify(args));
  return resultsOf(useSearchContentQuery({ ...args, pageSize: PAGE_SIZE, cursor }, { skip: !isActive }), setCursor);
}

function useCategory(categoryId: string, contentType: ContentType | undefined, isActive: boolean): ResultsState {
  const [cursor, setCursor] = useCursor(JSON.stringify({ categoryId, contentType }));
  return resultsOf(
    useCategoryContentQuery({ categoryId, contentType, pageSize: PAGE_SIZE, cursor }, { skip: !isActive }),
    setCursor,
  );
}

function useFollowing(isActive: boolean): ResultsState {
  const [cursor, setCursor] = useCursor('following');
  return resultsOf(useFollowingFeedQuery({ pageSize: PAGE_SIZE, cursor }, { skip: !isActive }), setCursor);
}

/** /gallery — browse by type, category and sort, or search; more loads as you scroll. */
export function GalleryPage() {
  const openGenerate = useOpenGenerate();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const sortParam = params.get('sort');
  const sort: ContentSort = isSort(sortParam) ? sortParam : 'newest';
  const q = (params.get('q') ?? '').trim();
  const categoryId = params.get('category') ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const isSignedIn = useAppSelector((state) => state.auth.isAuthenticated && state.auth.user !== null);
  // "Following" is for signed-in people: the items of the people they follow.
  const isFollowing = isSignedIn && params.get('view') === 'following';
  const mode = isFollowing ? 'following' : q ? 'search' : categoryId ? 'category' : 'browse';
  const browse = useBrowse({ type, sort }, mode === 'browse');
  const search = useSearch({ q, type }, mode === 'search');
  const category = useCategory(categoryId, type, mode === 'category');
  const following = useFollowing(mode === 'following');
  const results = mode === 'search' ? search : mode === 'category' ? category : mode === 'following' ? following : browse;
  // The following feed is every type; the tabs narrow what is shown (categories filter on the server).
  const items = mode === 'following' && type ? results.items.filter((c) => c.contentType === type) : results.items;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() || null, category: null });
  };

  const fallback = mode === 'search' ? MSG.content.searchFailed : MSG.content.fetchFailed;

  return (
    <>
      <SitePageMeta
        path="/gallery"
        description="The Atelier community gallery: photos, video, loops, illustrations, GIFs and vectors made by members, with the prompts behind them."
      />
      {/* A compact title band: on a phone the first images show in the first screen, not after a hero. */}
      <section className="gallery-page">
        <div className="container">
          <div className="gallery-head">
            <h1 className="gallery-head__title">Gallery</h1>
            <p className="gallery-head__lead">
              Public work from the Atelier community. Open anything to see its prompt, like it or leave a comment.
            </p>
          </div>
          <div className="gallery-toolbar">
            <form className="gallery-search" role="search" onSubmit={onSearch}>
              <Input
                type="search"
                aria-label="Search the gallery"
                placeholder="Search titles, prompts and tags"
                maxLength={LIMITS.searchQueryMaxLength}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button type="submit" variant="secondary" iconStart={<SearchIcon size={16} />}>
                Search
              </Button>
            </form>
            {mode === 'browse' && (
              <label className="gallery-sort">
                <span className="visually-hidden">Sort by</span>
                <Select
                  aria-label="Sort by"
                  value={sort}
                  onChange={(e) => update({ sort: e.target.value === 'newest' ? null : e.target.value })}
                >
                  {CONTENT_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_NAMES[s]}
                    </option>
                  ))}
                </Select>
              </label>
            )}
            <UploadContentButton />
          </div>
          {isSignedIn && (
            <Tabs
              label="Whose work"
              tabs={[
                { id: 'everyone', label: 'Everyone' },
                { id: 'following', label: 'Following' },
              ]}
              selected={isFollowing ? 'following' : 'everyone'}
              onSelect={(id) => update({ view: id === 'following' ? 'following' : null, q: null, category: null })}
            />
          )}
          <Tabs
            label="Content type"
            tabs={TYPE_TABS}
            selected={type ?? 'all'}
            onSelect={(id) => update({ type: id === 'all' ? null : id })}
          />

          <div className="gallery-layout mt-4">
            <CategoryNav selected={categoryId} onSelect={(id) => update({ category: id, q: null })} />
            <div>
              {mode === 'category' && (
                <Breadcrumb categoryId={categoryId} onSelect={(id) => update({ category: id })} />
              )}
              {mode === 'search' && (
                <p className="content-muted">
                  Results for “{q}”{' '}
                  <button type="button" className="link-button" onClick={() => update({ q: null })}>
                    Clear search
                  </button>
                </p>
              )}
              {results.error ? (
                <EmptyState
                  headingLevel="h2"
                  title={errorMessage(results.error, fallback)}
                  description="Please try again in a moment."
                  action={
                    <Button variant="secondary" onClick={() => window.location.reload()}>
                      Try again
                    </Button>
                  }
                />
              ) : mode === 'following' && !results.isLoading && items.length === 0 ? (
                <>
                  <EmptyState
                    headingLevel="h2"
                    icon={<GridIcon size={24} />}
                    title="Nothing from the people you follow yet"
                    description="Follow makers whose work you like, and their new pieces show up here first."
                    action={<Link to="/people">Find people to follow</Link>}
                  />
                  <SuggestedPeople />
                </>
              ) : !results.isLoading && items.length === 0 ? (
                <EmptyState
                  headingLevel="h2"
                  icon={<GridIcon size={24} />}
                  title={mode === 'search' ? 'Nothing matches that search' : 'Nothing here yet'}
                  description={
                    mode === 'search'
                      ? 'Try other words, or browse by type and category.'
                      : 'Public work appears here the moment it is ready — the first piece could be yours.'
                  }
                  action={
                    <Button iconStart={<SparklesIcon size={18} />} onClick={() => openGenerate(type)}>
                      Generate something
                    </Button>
                  }
                />
              ) : (
                <ContentGrid
                  label="Gallery"
                  items={items}
                  isLoading={results.isLoading}
                  isFetchingMore={results.isFetching && !results.isLoading}
                  hasMore={results.hasMore}
                  onLoadMore={results.loadMore}
                />
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function CategoryNav({ selected, onSelect }: { selected: string; onSelect: (id: string | null) => void }) {
  const { data: tree } = useCategoryTreeQuery();
  if (!tree || tree.length === 0) return <div />;
  const renderNodes = (nodes: CategoryTreeNode[]) => (
    <ul className="list-reset">
      {nodes.map((n) => (
        <li key={n.id}>
          <button type="button" aria-current={selected === n.id ? 'true' : undefined} onClick={() => onSelect(n.id)}>
            {n.name}
          </button>
          {n.children.length > 0 && renderNodes(n.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="category-nav" aria-label="Categories">
      <h2 className="h4">Categories</h2>
      <ul className="list-reset">
        <li>
          <button type="button" aria-current={selected === '' ? 'true' : undefined} onClick={() => onSelect(null)}>
            Everything
          </button>
        </li>
      </ul>
      {renderNodes(tree)}
    </nav>
  );
}

function Breadcrumb({ categoryId, onSelect }: { categoryId: string; onSelect: (id: string | null) => void }) {
  const { data } = useCategoryBreadcrumbQuery(categoryId);
  if (!data) return null;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb list-reset">
        <li>
          <button type="button" className="link-button" onClick={() => onSelect(null)}>
            Gallery
          </button>
        </li>
        {data.map((c, i) =>
          i === data.length - 1 ? (
            <li key={c.id} aria-current="page">
              {c.name}
            </li>
          ) : (
            <li key={c.id}>
              <button type="button" className="link-button" onClick={() => onSelect(c.id)}>
                {c.name}
              </button>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
