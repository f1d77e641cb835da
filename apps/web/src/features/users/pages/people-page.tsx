import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@atelier/shared';
import { Button, Input, SearchIcon } from '../../../components/ui';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage } from '../../../app/errors';
import { PeopleList } from '../components/people-list';
import { useSearchUsersQuery } from '../users-api';
import '../users.css';

/** /people?q= — find members by username or name. */
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
      <PageMeta title="People" description="Find Atelier members by name or username." />
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
          <p className="muted">Type a name or username to find people to follow.</p>
        )}
      </div>
    </section>
  );
}
