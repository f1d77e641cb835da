import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { ADMIN_CREDITS_MAX, MSG, ROLES, type AdminUserDetail, type Role } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { Badge, Button, Card, Field, Input, Select, Spinner, TableScroll } from '../../../components/ui';
import { formatDate } from '../../../components/format';
import { formatNumber, StatGrid } from '../../dashboards';
import { useAdjustUserCreditsMutation, useChangeUserRoleMutation, useGetAdminUserQuery } from '../admin-api';
import { AdminOnly } from '../../../components/admin-only';
import { AdminApiKeysCard } from '../../developers';

/** /admin/users/:id — one account: role, credit adjustments with a reason, and its ledger. */
export function AdminUserPage() {
  return (
    <AdminOnly page="/admin/users/:id">
      <UserDetail />
    </AdminOnly>
  );
}

function UserDetail() {
  const { id = '' } = useParams();
  const { data, error, refetch } = useGetAdminUserQuery(id);
  if (error) {
    return (
      <div className="dashboard-block__error" role="alert">
        <p>{errorMessage(error, 'Failed to get user profile')}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!data) return <Spinner label="Loading user" />;
  const { user, counts, ledger } = data;
  return (
    <>
      <h1>
        {user.fullName} <span className="dashboard-muted">@{user.username}</span>
      </h1>
      <p className="dashboard-muted">
        {user.email} · joined {formatDate(user.createdAt)} · {user.isVerified ? 'verified' : 'not verified'}
        {user.deletedAt ? ` · deleted ${formatDate(user.deletedAt)}` : ''}
      </p>
      <StatGrid
        items={[
          { label: 'Credits', value: formatNumber(user.credits) },
          { label: 'Content', value: formatNumber(counts.content) },
          { label: 'Ready', value: formatNumber(counts.ready) },
          { label: 'Failed', value: formatNumber(counts.failed) },
          { label: 'Referrals', value: formatNumber(counts.referrals) },
        ]}
      />
      <div className="dashboard-grid">
        <RoleCard detail={data} />
        <CreditsCard userId={user.id} />
      </div>
      <AdminApiKeysCard userId={user.id} />
      <Card as="section" aria-labelledby="ledger-title" className="dashboard-block">
        <h2 id="ledger-title" className="dashboard-block__title">
          Credit ledger
        </h2>
        {ledger.length === 0 ? (
          <p className="dashboard-muted">No credit changes yet.</p>
        ) : (
          <TableScroll label="Credit history">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="num">
                    Change
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {ledger.map((l) => (
                  <tr key={l.id}>
                    <td>{formatDate(l.createdAt)}</td>
                    <td>{l.kind.replace(/_/g, ' ')}</td>
                    <td className="num">{l.delta > 0 ? `+${l.delta}` : l.delta}</td>
                    <td className="num">{formatNumber(l.balanceAfter)}</td>
                    <td>{l.reason ?? '—'}</td>
                    <td>{l.actor?.username ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </>
  );
}

function RoleCard({ detail }: { detail: AdminUserDetail }) {
  const meId = useAppSelector((s) => s.auth.user?.id);
  const [role, setRole] = useState<Role>(detail.user.role);
  const [changeRole, { isLoading }] = useChangeUserRoleMutation();
  const isSelf = meId === detail.user.id;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await changeRole({ id: detail.user.id, role }).unwrap();
      toast.success('Role updated successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update role'));
    }
  };
  return (
    <Card as="section" aria-labelledby="role-title" className="dashboard-block">
      <h2 id="role-title" className="dashboard-block__title">
        Role <Badge tone={detail.user.role === 'admin' ? 'accent' : 'neutral'}>{detail.user.role}</Badge>
      </h2>
      {isSelf ? (
        <p className="dashboard-muted">You cannot change your own role.</p>
      ) : (
        <form className="admin-toolbar" onSubmit={onSubmit}>
          <Field label="New role">
            <Select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={isLoading || role === detail.user.role}>
            {isLoading ? 'Saving…' : 'Change role'}
          </Button>
        </form>
      )}
    </Card>
  );
}

function CreditsCard({ userId }: { userId: string }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [adjust, { isLoading }] = useAdjustUserCreditsMutation();
  const value = Number(amount);
  const isValid = Number.isInteger(value) && value >= 1 && value <= ADMIN_CREDITS_MAX && reason.trim().length > 0;

  const submit = async (direction: 'add' | 'deduct') => {
    try {
      await adjust({ direction, userId, amount: value, reason: reason.trim() }).unwrap();
      toast.success(direction === 'add' ? MSG.credits.creditsAdded : MSG.credits.creditsDeducted);
      setAmount('');
      setReason('');
    } catch (err) {
      toast.error(
        errorMessage(err, direction === 'add' ? MSG.credits.addCreditsToast : MSG.credits.deductCreditsToast),
      );
    }
  };

  return (
    <Card as="section" aria-labelledby="credits-title" className="dashboard-block">
      <h2 id="credits-title" className="dashboard-block__title">
        Adjust credits
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit('add');
        }}
      >
        <Field label="Amount">
          <Input
            type="number"
            min={1}
            max={ADMIN_CREDITS_MAX}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label="Reason">
          <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="admin-toolbar">
          <Button type="submit" disabled={!isValid || isLoading}>
            Add credits
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={!isValid || isLoading}
            onClick={() => void submit('deduct')}
          >
            Deduct credits
          </Button>
        </div>
      </form>
    </Card>
  );
}
