import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { APPLICATION_STATUSES, MSG, type ApplicationStatus, type ApplicationStatusCounts } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { PageMeta } from '../../../components/page-meta';
import { EmptyState, Field, Pager, Select, Skeleton, UsersIcon } from '../../../components/ui';
import { ApplicationsTable } from '../components/applications-table';
import { SignInRequired } from '../../../lib/sign-in-required';
import { StatusCounts } from '../components/status-counts';
import { useGetApplicationStatsQuery, useGetJobApplicationsQuery } from '../applications-api';
import { useGetJobQuery, useGetJobStatsQuery } from '../jobs-api';
import { statusLabel } from '../jobs-format';
import '../jobs.css';

const PAGE_SIZE = 20;

/** /jobs/:id/applications — a job owner's (or admin's) review screen. */
export function JobApplicationsPage() {
  const { id = '' } = useParams();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [page, setPage] = useState(1);
  const skip = !user;
  const job = useGetJobQuery(id, { skip });
  const list = useGetJobApplicationsQuery(
    { jobId: id, status: status || undefined, page, pageSize: PAGE_SIZE },
    { skip },
  );
  const jobStats = useGetJobStatsQuery(id, { skip });
  const overall = useGetApplicationStatsQuery(undefined, { skip });

  useEffect(() => {
    if (list.error) toast.error(errorMessage(list.error, MSG.applications.fetchJobFailed));
  }, [list.error]);
  useEffect(() => {
    if (jobStats.error) toast.error(errorMessage(jobStats.error, MSG.jobs.statsFailed));
  }, [jobStats.error]);
  useEffect(() => {
    if (overall.error) toast.error(errorMessage(overall.error, MSG.applications.statsFailed));
  }, [overall.error]);

  const title = job.data ? `Applications: ${job.data.title}` : 'Applications';

  const content = () => {
    if (!user) return <SignInRequired what="the applications to your jobs" />;
    if (list.isLoading) return <Skeleton height={200} />;
    if (list.error && !list.data) {
      return (
        <p className="jobs-error" role="alert">
          {errorMessage(list.error, MSG.applications.fetchJobFailed)}
        </p>
      );
    }
    return (
      <>
        <Field label="Show">
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ApplicationStatus | '');
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
        </Field>
        {list.data?.data.length ? (
          <>
            <ApplicationsTable applications={list.data.data} />
            <Pager pagination={list.data.pagination} onPage={setPage} label="Application pages" />
          </>
        ) : (
          <EmptyState
            headingLevel="h3"
            icon={<UsersIcon size={24} />}
            title={status ? `No ${statusLabel(status).toLowerCase()} applications` : 'No applications yet'}
            description="Applications to this job appear here as people apply."
          />
        )}
      </>
    );
  };

  return (
    <section className="section">
      <PageMeta title={title} />
      <div className="container stack">
        <p className="eyebrow">
          <Link to="/jobs/mine">My jobs</Link>
        </p>
        <h1>{title}</h1>
        {/* The applicants first: they are what the page is for; the counts follow. */}
        {content()}
        {jobStats.data ? (
          <section aria-labelledby="job-stats-title" className="stack">
            <h2 className="h4" id="job-stats-title">
              This job
            </h2>
            <StatusCounts counts={jobStats.data} label="This job's applications by status" />
          </section>
        ) : null}
        {overall.data && (!sameCounts(overall.data.asOwner, jobStats.data) || overall.data.global) ? (
          <section aria-labelledby="overall-stats-title" className="stack">
            {!sameCounts(overall.data.asOwner, jobStats.data) && (
              <>
                <h2 className="h4" id="overall-stats-title">
                  All your jobs
                </h2>
                <StatusCounts counts={overall.data.asOwner} label="Applications to all your jobs by status" />
              </>
            )}
            {overall.data.global ? (
              <>
                <h2 className="h4">Everyone's jobs</h2>
                <StatusCounts counts={overall.data.global} label="All applications by status" />
              </>
            ) : null}
          </section>
        ) : null}
      </div>
    </section>
  );
}

/** "All your jobs" says nothing new when this job holds every application: it is not repeated. */
function sameCounts(a: ApplicationStatusCounts, b: ApplicationStatusCounts | undefined): boolean {
  return (
    !!b && a.total === b.total && Object.entries(a.byStatus).every(([s, n]) => b.byStatus[s as ApplicationStatus] === n)
  );
}
