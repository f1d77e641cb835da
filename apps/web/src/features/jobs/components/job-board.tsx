import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, MSG, type EmploymentType } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { BriefcaseIcon, Button, EmptyState, Field, Input, SearchIcon, Select, Skeleton } from '../../../components/ui';
import { useGetActiveJobsQuery, type ActiveJobsArgs } from '../jobs-api';
import { JobCard } from './job-card';
import { PostFirstJob, PostJobButton } from './post-job-button';
import '../jobs.css';

export const BOARD_PAGE_SIZE = 10;

type Remote = '' | 'remote' | 'onsite';

interface Filters {
  q: string;
  location: string;
  employmentType: EmploymentType | '';
  remote: Remote;
}

const NO_FILTERS: Filters = { q: '', location: '', employmentType: '', remote: '' };

function toArgs(filters: Filters, page: number): ActiveJobsArgs {
  return {
    page,
    pageSize: BOARD_PAGE_SIZE,
    q: filters.q.trim() || undefined,
    location: filters.location.trim() || undefined,
    employmentType: filters.employmentType || undefined,
    isRemote: filters.remote === '' ? undefined : filters.remote === 'remote',
  };
}

/** The careers board: open roles, searchable and filterable, a page at a time with "Load more". */
export function JobBoard() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching } = useGetActiveJobsQuery(toArgs(filters, page));

  useEffect(() => {
    if (error) toast.error(errorMessage(error, MSG.jobs.fetchActiveFailed));
  }, [error]);

  const apply = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const choose = (patch: Partial<Filters>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };

  const jobs = data?.data ?? [];
  const total = data?.pagination.total ?? 0;
  const hasMore = !!data && data.pagination.page < data.pagination.totalPages;
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <div>
      <div className="jobs-toolbar">
        <form className="jobs-filters" role="search" aria-label="Search jobs" onSubmit={onSubmit}>
          <Field label="Search">
            <Input
              type="search"
              placeholder="Title, company or keyword"
              value={draft.q}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </Field>
          <Field label="Location">
            <Input
              placeholder="City or country"
              value={draft.location}
              onChange={(e) => setDraft({ ...draft, location: e.target.value })}
            />
          </Field>
          <Field label="Type">
            <Select
              value={draft.employmentType}
              onChange={(e) => choose({ employmentType: e.target.value as EmploymentType | '' })}
            >
              <option value="">Any type</option>
              {EMPLOYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EMPLOYMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Remote">
            <Select value={draft.remote} onChange={(e) => choose({ remote: e.target.value as Remote })}>
              <option value="">Remote or on-site</option>
              <option value="remote">Remote only</option>
              <option value="onsite">On-site only</option>
            </Select>
          </Field>
          <Button type="submit" iconStart={<SearchIcon size={16} />}>
            Search
          </Button>
        </form>
        <PostJobButton />
      </div>

      <p className="muted small" aria-live="polite">
        {isLoading
          ? 'Loading open roles…'
          : total === 0 && !isFiltered
            ? ''
            : `${total} open ${total === 1 ? 'role' : 'roles'}`}
      </p>

      {isLoading ? (
        <Skeleton height={120} />
      ) : jobs.length === 0 ? (
        error ? (
          <p className="jobs-error" role="alert">
            {errorMessage(error, MSG.jobs.fetchActiveFailed)}
          </p>
        ) : (
          <EmptyState
            headingLevel="h3"
            icon={<BriefcaseIcon size={24} />}
            title={isFiltered ? 'No open roles match your search' : 'Be the first to post a role'}
            description={
              isFiltered
                ? 'Try fewer filters or another keyword.'
                : 'Illustrators, motion designers and prompt artists look for work here. Post a job and it is listed at once, free.'
            }
            action={
              isFiltered ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDraft(NO_FILTERS);
                    apply(NO_FILTERS);
                  }}
                >
                  Clear filters
                </Button>
              ) : (
                <PostFirstJob />
              )
            }
          />
        )
      ) : (
        <ul className="job-list" aria-label="Open roles">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}

      {hasMore ? (
        <div className="jobs-more">
          <Button
            variant="secondary"
            onClick={() => setPage((data?.pagination.page ?? page) + 1)}
            isLoading={isFetching}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
