import { Link, useParams } from 'react-router';
import { JOBS_TEXT, MSG } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { PageMeta } from '../../../components/page-meta';
import { Badge, BriefcaseIcon, Button, ButtonLink, Card, EmptyState, Skeleton } from '../../../components/ui';
import { uiActions } from '../../ui';
import { ApplyForm } from '../components/apply-form';
import { ReportButton } from '../../moderation';
import { useGetJobQuery } from '../jobs-api';
import { employmentLabel, formatDate, formatSalary } from '../jobs-format';
import '../jobs.css';

/** /careers/:id — a role in full, with the way to apply beside it. */
export function JobPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const { data: job, error, isLoading } = useGetJobQuery(id);

  if (isLoading) {
    return (
      <section className="section">
        <div className="container">
          <Skeleton height={200} />
        </div>
      </section>
    );
  }

  if (!job) {
    const isMissing = !error || (typeof error === 'object' && 'status' in error && error.status === 404);
    return (
      <section className="section">
        <PageMeta title="Job not found" />
        <div className="container">
          <EmptyState
            icon={<BriefcaseIcon size={24} />}
            title={isMissing ? 'This job is not available' : MSG.jobs.fetchOneFailed}
            description={
              isMissing ? 'It may have been filled, paused or deleted.' : errorMessage(error, MSG.jobs.fetchOneFailed)
            }
            action={<ButtonLink to="/careers">See open roles</ButtonLink>}
          />
        </div>
      </section>
    );
  }

  const salary = formatSalary(job);
  const canManage = !!user && (user.id === job.owner.id || user.role === 'admin');
  const isOwner = !!user && user.id === job.owner.id;

  return (
    <section className="section">
      <PageMeta title={`${job.title} at ${job.company}`} description={job.description.slice(0, 160)} type="article" />
      <div className="container job-detail">
        <article className="stack">
          <p className="eyebrow">
            <Link to="/careers">Careers</Link>
          </p>
          <h1>{job.title}</h1>
          <div className="cluster">
            <Badge tone="accent">{employmentLabel(job)}</Badge>
            {job.isRemote ? <Badge tone="success">Remote</Badge> : null}
            {!job.isActive ? <Badge tone="warning">Inactive</Badge> : null}
          </div>
          <ul className="job-meta">
            <li>{job.company}</li>
            <li>{job.location}</li>
            {salary ? <li>{salary}</li> : null}
            <li>
              Posted {formatDate(job.createdAt)} by {job.owner.fullName}
            </li>
            <li>
              <ReportButton targetType="job" targetId={job.id} ownerId={job.owner.id} />
            </li>
            {job.closesAt ? <li>Closes {formatDate(job.closesAt)}</li> : null}
          </ul>
          <h2 className="h4">About the role</h2>
          <p className="job-detail__description">{job.description}</p>
          {job.requirements.length ? (
            <>
              <h2 className="h4">Requirements</h2>
              <ul>
                {job.requirements.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </>
          ) : null}
          {job.tags.length ? (
            <ul className="job-tags" aria-label="Tags">
              {job.tags.map((tag) => (
                <li key={tag}>
                  <Badge>{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </article>

        <Card as="section" padding="lg" aria-label="Apply">
          {canManage ? (
            <div className="stack">
              <h2 className="h4">{isOwner ? 'Your posting' : 'Manage this posting'}</h2>
              <p className="muted">
                {job.applicationCount} {job.applicationCount === 1 ? 'application' : 'applications'} so far.
              </p>
              <div className="cluster">
                <ButtonLink to={`/jobs/${job.id}/applications`}>View applications</ButtonLink>
                <ButtonLink to={`/jobs/${job.id}/edit`} variant="secondary">
                  Edit
                </ButtonLink>
              </div>
            </div>
          ) : null}
          {isOwner ? null : !job.isAcceptingApplications ? (
            <p className="muted">{JOBS_TEXT.notAccepting}.</p>
          ) : !user ? (
            <div className="stack">
              <h2 className="h4">Apply for this role</h2>
              <p className="muted">Sign in to send your application.</p>
              <Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in to apply</Button>
            </div>
          ) : (
            <div className="stack">
              <h2 className="h4">Apply for this role</h2>
              <ApplyForm job={job} />
            </div>
          )}
        </Card>
      </div>
    </section>
  );
}
