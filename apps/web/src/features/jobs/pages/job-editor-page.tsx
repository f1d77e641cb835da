import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { JOBS_TEXT, MSG, pageTitle } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { PageMeta } from '../../../components/page-meta';
import { ButtonLink, Card, EmptyState, Skeleton } from '../../../components/ui';
import { JobForm } from '../components/job-form';
import { SignInRequired } from '../../../lib/sign-in-required';
import { useCreateJobMutation, useGetJobQuery, useUpdateJobMutation } from '../jobs-api';
import '../jobs.css';

/** /jobs/new and /jobs/:id/edit. */
export function JobEditorPage() {
  const { id } = useParams();
  const isEdit = !!id;
  const navigate = useNavigate();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const existing = useGetJobQuery(id ?? '', { skip: !isEdit || !user });
  const [createJob, creating] = useCreateJobMutation();
  const [updateJob, updating] = useUpdateJobMutation();
  const title = pageTitle(isEdit ? '/jobs/:id/edit' : '/jobs/new');

  const body = () => {
    if (!user) return <SignInRequired what={isEdit ? 'and edit your jobs' : 'post a job'} />;
    if (!isEdit && !user.isVerified && user.role !== 'admin') {
      return (
        <EmptyState
          title={JOBS_TEXT.verifyToPost}
          description="Verified members can post jobs. It takes a minute: we email you a code."
          action={<ButtonLink to="/verify-email">Verify your email</ButtonLink>}
        />
      );
    }
    if (isEdit && existing.isLoading) return <Skeleton height={240} />;
    if (isEdit && !existing.data) {
      return (
        <EmptyState
          title="This job is not available"
          description={errorMessage(existing.error, MSG.jobs.fetchOneFailed)}
          action={<ButtonLink to="/jobs/mine">My jobs</ButtonLink>}
        />
      );
    }
    return (
      <Card padding="lg">
        <JobForm
          job={existing.data}
          submitLabel={isEdit ? 'Save changes' : 'Post job'}
          isBusy={creating.isLoading || updating.isLoading}
          onSubmit={async (values) => {
            try {
              const reply = isEdit
                ? await updateJob({ id: id!, ...values }).unwrap()
                : await createJob(values).unwrap();
              toast.success(reply.message || (isEdit ? MSG.jobs.updated : MSG.jobs.created));
              navigate('/jobs/mine');
            } catch (error) {
              toast.error(errorMessage(error, isEdit ? MSG.jobs.updateFailed : MSG.jobs.createFailed));
            }
          }}
        />
      </Card>
    );
  };

  return (
    <section className="section">
      <PageMeta title={title} />
      <div className="container container--narrow stack">
        <h1>{title}</h1>
        {body()}
      </div>
    </section>
  );
}
