import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG, type Application } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { SitePageMeta } from '../../../components/site-page-meta';
import { BriefcaseIcon, Button, ButtonLink, Card, EmptyState, Pager, Skeleton } from '../../../components/ui';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SignInRequired } from '../../../lib/sign-in-required';
import { StatusBadge } from '../components/status-badge';
import {
  useDeleteApplicationMutation,
  useGetMyApplicationsQuery,
  useUpdateApplicationMutation,
} from '../applications-api';
import { formatDate } from '../jobs-format';
import '../jobs.css';

const PAGE_SIZE = 20;
/** Past these there is nothing left to withdraw from. */
const FINAL = new Set<Application['status']>(['withdrawn', 'hired', 'rejected']);

type Pending = { kind: 'withdraw' | 'delete'; application: Application } | null;

/** /applications/mine — what you applied for and where each application stands. */
export function MyApplicationsPage() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetMyApplicationsQuery(
    { email: user?.email ?? '', page, pageSize: PAGE_SIZE },
    { skip: !user },
  );
  const [update, updating] = useUpdateApplicationMutation();
  const [remove, removing] = useDeleteApplicationMutation();
  const [pending, setPending] = useState<Pending>(null);

  useEffect(() => {
    if (error) toast.error(errorMessage(error, MSG.applications.fetchMineFailed));
  }, [error]);

  const confirm = async () => {
    if (!pending) return;
    const { kind, application } = pending;
    try {
      const reply =
        kind === 'withdraw'
          ? await update({ id: application.id, status: 'withdrawn' }).unwrap()
          : await remove({ id: application.id, jobId: application.jobId }).unwrap();
      toast.success(reply.message || (kind === 'withdraw' ? MSG.applications.updated : MSG.applications.deleted));
      setPending(null);
    } catch (err) {
      toast.error(
        errorMessage(err, kind === 'withdraw' ? MSG.applications.updateFailed : MSG.applications.deleteFailed),
      );
    }
  };

  return (
    <section className="section">
      <SitePageMeta path="/applications/mine" />
      <div className="container stack">
        <h1>My applications</h1>
        {!user ? (
          <SignInRequired what="your applications" />
        ) : isLoading ? (
          <Skeleton height={120} />
        ) : !data?.data.length ? (
          <EmptyState
            icon={<BriefcaseIcon size={24} />}
            title={error ? MSG.applications.fetchMineFailed : 'You have not applied to a job yet'}
            description={
              error
                ? errorMessage(error, MSG.applications.fetchMineFailed)
                : 'Find a role you like on the careers page.'
            }
            action={<ButtonLink to="/careers">See open roles</ButtonLink>}
          />
        ) : (
          <>
            <ul className="job-list" aria-label="My applications">
              {data.data.map((a) => (
                <li key={a.id}>
                  <Card as="article" className="job-card" aria-labelledby={`application-${a.id}`}>
                    <div className="job-card__head">
                      <h2 className="job-card__title" id={`application-${a.id}`}>
                        <Link to={`/careers/${a.jobId}`}>{a.job.title}</Link>
                      </h2>
                      <StatusBadge status={a.status} />
                    </div>
                    <ul className="job-meta">
                      <li>{a.job.company}</li>
                      <li>Applied {formatDate(a.createdAt)}</li>
                      {a.hasResume ? <li>Résumé attached</li> : null}
                    </ul>
                    <div className="jobs-row-actions">
                      {FINAL.has(a.status) ? null : (
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setPending({ kind: 'withdraw', application: a })}
                        >
                          Withdraw
                        </Button>
                      )}
                      <Button variant="danger" size="sm" onClick={() => setPending({ kind: 'delete', application: a })}>
                        Delete
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            <Pager pagination={data.pagination} onPage={setPage} label="Application pages" />
          </>
        )}
      </div>
      <ConfirmDialog
        isOpen={!!pending}
        title={pending?.kind === 'withdraw' ? 'Withdraw this application?' : 'Delete this application?'}
        description={
          pending?.kind === 'withdraw'
            ? `${pending.application.job.company} will see that you withdrew from "${pending.application.job.title}". You cannot undo this.`
            : `Your application for "${pending?.application.job.title ?? ''}" will be deleted for good.`
        }
        confirmLabel={pending?.kind === 'withdraw' ? 'Withdraw' : 'Delete'}
        isBusy={updating.isLoading || removing.isLoading}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
