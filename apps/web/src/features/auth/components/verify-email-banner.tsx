import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import '../auth.css';

/** A thin reminder for signed-in people whose email is not verified yet. */
export function VerifyEmailBanner() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const { pathname } = useLocation();
  if (!user || user.isVerified || pathname === '/verify-email') return null;
  return (
    <div className="verify-banner" role="region" aria-label="Email verification">
      <span>Your email address isn&apos;t verified yet.</span> <Link to="/verify-email">Verify your email</Link>
    </div>
  );
}
