import { JOBS_TEXT } from '@atelier/shared';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button, ButtonLink } from '../../../components/ui';
import { uiActions } from '../../ui';

/**
 * Posting needs a verified email (admins excepted); an unverified user sees the button, why it is
 * off, and where to verify, rather than a form that fails on submit.
 */
export function PostJobButton() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);

  if (!isAuthenticated || !user) {
    return (
      <Button variant="secondary" onClick={() => dispatch(uiActions.authModalOpened('login'))}>
        Sign in to post a job
      </Button>
    );
  }
  const canPost = user.isVerified || user.role === 'admin';
  return (
    <div>
      <div className="cluster">
        <ButtonLink to="/jobs/mine" variant="ghost">
          My jobs
        </ButtonLink>
        <ButtonLink to="/applications/mine" variant="ghost">
          My applications
        </ButtonLink>
        {canPost ? (
          <ButtonLink to="/jobs/new">Post a job</ButtonLink>
        ) : (
          <Button disabled aria-describedby="post-job-why">
            Post a job
          </Button>
        )}
      </div>
      {canPost ? null : (
        <p className="jobs-post-note" id="post-job-why">
          {JOBS_TEXT.verifyToPost}. <Link to="/verify-email">Verify your email</Link>
        </p>
      )}
    </div>
  );
}

/**
 * The call to action of an empty board: a visitor is asked to sign up first (posting needs an
 * account), a member goes straight to the form.
 */
export function PostFirstJob() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated && !!s.auth.user);
  if (!isAuthenticated) {
    return <Button onClick={() => dispatch(uiActions.authModalOpened('signup'))}>Post the first job</Button>;
  }
  return <ButtonLink to="/jobs/new">Post the first job</ButtonLink>;
}
