import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG, type Job } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Badge, BriefcaseIcon, Button, ButtonLink, Card, EmptyState, Pager, Skeleton } from '../../../components/ui';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PostJobButton } from '../components/post-job-button';
import { SignInRequired } from '../../../lib/sign-in-required';
import { useDeleteJobMutation, useGetJobsQuery, useUpdateJobMutation } from '../jobs-api';
import { employmentLabel, formatDate } from '../jobs-format';
import '../jobs.css';

const PAGE_SIZE = 20;

function JobRow({ job, onDelete }: { job: Job; onDelete: (job: Job) => void }) {
  const [updateJob, { isLoading }] = useUpdateJobMutation();
  const toggle = async () => {
    try {
      const reply = await updateJob({ id: job.id, isActive: !job.isActive }).unwrap();
      toast.success(reply.message || MSG.jobs.updated);
    } catch (error) {
      toast.error(errorMessage(error, MSG.jobs.updateFailed));
    }
  };
  return (
    <Card as="article" className="job-card" aria-labelledby={`my-job-${job.id}`}>
      <div className="job-card__head">
        <h2 className="job-card__title" id={`my-job-${job.id}`}>
          <Link to={`/careers/${job.id}`}>{job.title}</Link>
        </h2>
        <span className="cluster">
          <Badge tone={job.isActive ? 'success' : 'neutral'}>{job.isActive ? 'Active' : 'Inactive'}</Badge>
          {job.isActive && !job.isAcceptingApplications ? <Badge tone="warning">Closed</Badge> : null}
        </span>
      </div>
      <ul className="job-meta">
        <li>{job.company}</li>
        <li>{employmentLabel(job)}</li>
        <li>Posted {formatDate(job.createdAt)}</li>
        <li>
          <Link to={`/jobs/${job.id}/applications`}>
            {job.applicationCount} {job.applicationCount === 1 ? 'application' : 'applications'}
          </Link>
        </li>
      </ul>
      <div className="jobs-row-actions">
        <ButtonLink to={`/jobs/${job.id}/edit`} variant="secondary" size="sm">
          Edit
        </ButtonLink>
        <Button variant="secondary" size="sm" onClick={toggle} isLoading={isLoading}>
          {job.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="danger" size="sm" onClick={() => onDelete(job)}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** /jobs/mine — the jobs you posted, active or not, with their applications one click away. */
export function MyJobsPage() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetJobsQuery({ owner: 'me', page, pageSize: PAGE_SIZE }, { skip: !user });
  const [deleteJob, deleting] = useDeleteJobMutation();
  const [toDelete, setToDelete] = useState<Job | null>(null);

  useEffect(() => {
    if (error) toast.error(errorMessage(error, MSG.jobs.fetchFailed));
  }, [error]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const reply = await deleteJob(toDelete.id).unwrap();
      toast.success(reply.message || MSG.jobs.deleted);
      setToDelete(null);
    } catch (err) {
      toast.error(errorMessage(err, MSG.jobs.deleteFailed));
    }
  };

  return (
    <section className="section">
      <SitePageMeta path="/jobs/mine" />
      <div className="container stack">
        <div className="jobs-toolbar">
          <h1>My jobs</h1>
          {user ? <PostJobButton /> : null}
        </div>
        {!user ? (
          <SignInRequired what="the jobs you posted" />
        ) : isLoading ? (
          <Skeleton height={120} />
        ) : !data?.data.length ? (
          <EmptyState
            icon={<BriefcaseIcon size={24} />}
            title={error ? MSG.jobs.fetchFailed : 'You have not posted a job yet'}
            description={
              error ? errorMessage(error, MSG.jobs.fetchFailed) : 'Jobs you post appear here, with their applications.'
            }
          />
        ) : (
          <>
            <ul className="job-list" aria-label="My jobs">
              {data.data.map((job) => (
                <li key={job.id}>
                  <JobRow job={job} onDelete={setToDelete} />
                </li>
              ))}
            </ul>
            <Pager pagination={data.pagination} onPage={setPage} label="My jobs pages" />
          </>
        )}
      </div>
      <ConfirmDialog
        isOpen={!!toDelete}
        title="Delete this job?"
        description={
          toDelete ? `"${toDelete.title}" and all of its applications will be deleted. This cannot be undone.` : ''
        }
        confirmLabel="Delete job"
        isBusy={deleting.isLoading}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
