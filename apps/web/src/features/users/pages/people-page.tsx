import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, type PeopleSort } from '@atelier/shared';
import { Button, Input, SearchIcon } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { errorMessage } from '../../../lib/errors';
import { PeopleList } from '../components/people-list';
import { useSearchUsersQuery } from '../users-api';
import '../users.css';

/** /people?q= — find members by username or name; before anything is typed, makers to discover. */
export function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const page = Number(params.get('page')) || 1;
  const [draft, setDraft] = useState(query);
  const { data, error, isFetching } = useSearchUsersQuery({ query, page }, { skip: !query });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };

  return (
    <section className="container section">
      <SitePageMeta path="/people" description="Find Atelier members by name or username." />
      <h1>People</h1>
      <form className="inline-form mt-4" role="search" onSubmit={submit}>
        <Input
          aria-label="Search people"
          placeholder="Name or username"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" iconStart={<SearchIcon size={16} />}>
          Search
        </Button>
      </form>
      <div className="mt-6">
        {query ? (
          <PeopleList
            label="Search results"
            people={data?.data}
            pagination={data?.pagination}
            isLoading={isFetching}
            error={error ? errorMessage(error, MSG.users.searchFailed) : null}
            emptyTitle={`No one matches “${query}”`}
            onPage={(p) => setParams({ q: query, page: String(p) })}
          />
        ) : (
          <Discover />
        )}
      </div>
    </section>
  );
}

const DISCOVER_SIZE = 8;

/** The page before a search: the most followed makers, then the newest, so it is never blank. */
function Discover() {
  return (
    <div className="stack">
      <p className="muted">Type a name or username to find someone, or start with these makers.</p>
      <DiscoverList sort="followers" title="Most followed" />
      <DiscoverList sort="newest" title="New on Atelier" />
    </div>
  );
}

function DiscoverList({ sort, title }: { sort: PeopleSort; title: string }) {
  const { data, error, isFetching } = useSearchUsersQuery({ query: '', sort, page: 1, pageSize: DISCOVER_SIZE });
  // A new install has nobody followed yet: that list waits until someone is.
  if (sort === 'followers' && data && data.data.length === 0) return null;
  return (
    <section aria-label={title} className="mt-4">
      <h2 className="h4">{title}</h2>
      <PeopleList
        label={title}
        people={data?.data}
        pagination={undefined}
        isLoading={isFetching}
        error={error ? errorMessage(error, MSG.users.searchFailed) : null}
        emptyTitle="No members yet"
        onPage={() => undefined}
      />
    </section>
  );
}
