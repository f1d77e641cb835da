import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG } from '@atelier/shared';
import { Badge, Button, Card, EmptyState, Pager, Spinner, UsersIcon } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { SignInPrompt } from '../../../lib/sign-in-prompt';
import { formatDate } from '../../../components/format';
import { useGetReferralsQuery } from '../users-api';
import '../users.css';

/** /referrals — your invite link, what it earned, and who joined with it. */
export function ReferralsPage() {
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  return (
    <section className="container section">
      <SitePageMeta
        path="/referrals"
        description="Invite friends to Atelier; you both get bonus credits once they verify their email."
      />
      <h1>Referrals</h1>
      {isAuthenticated ? (
        <ReferralsView />
      ) : (
        <SignInPrompt
          title="Sign in to see your referrals"
          text="Your invite link and bonuses are here once you sign in."
        />
      )}
    </section>
  );
}

function ReferralsView() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetReferralsQuery({ page });
  if (isLoading) return <Spinner label="Loading referrals" />;
  if (error || !data) return <p role="alert">{errorMessage(error, MSG.users.getReferralsFailed)}</p>;
  const { referrals, stats, referralLink, referralCode } = data.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referralLink);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy; select the link and copy it yourself');
    }
  };

  return (
    <>
      <Card className="mt-4">
        <p>Share your link. When a friend signs up with it and verifies their email, you both get bonus credits.</p>
        <div className="referral-link mt-4">
          <code aria-label="Your referral link">{referralLink}</code>
          <Button size="sm" onClick={copy}>
            Copy link
          </Button>
        </div>
        <p className="small muted mt-4">Your code: {referralCode}</p>
      </Card>
      <dl className="profile-stats mt-6" aria-label="Referral stats">
        <div>
          <dt>Joined</dt>
          <dd>{stats.total}</dd>
        </div>
        <div>
          <dt>Verified</dt>
          <dd>{stats.verified}</dd>
        </div>
        <div>
          <dt>Credits earned</dt>
          <dd>{stats.creditsEarned}</dd>
        </div>
      </dl>
      <div className="mt-6">
        {referrals.length === 0 ? (
          <EmptyState
            icon={<UsersIcon size={24} />}
            title="No referrals yet"
            description="People who join with your link appear here."
          />
        ) : (
          <>
            <table className="data-table stack-table">
              <thead>
                <tr>
                  <th>Member</th>
                  <th>Joined</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {referrals.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Member">
                      {r.fullName} <span className="muted small">@{r.username}</span>
                    </td>
                    <td data-label="Joined">{formatDate(r.joinedAt)}</td>
                    <td data-label="Status">
                      {r.bonusGranted ? (
                        <Badge tone="success">Bonus granted</Badge>
                      ) : r.isVerified ? (
                        <Badge>Verified</Badge>
                      ) : (
                        <Badge tone="warning">Waiting for verification</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager pagination={data.pagination} onPage={setPage} label="Referral pages" />
          </>
        )}
      </div>
    </>
  );
}
