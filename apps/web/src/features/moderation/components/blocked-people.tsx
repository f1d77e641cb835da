import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { Button, Pager } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/user-avatar';
import { useBlockMutation, useGetBlockedQuery } from '../moderation-api';
import '../moderation.css';

/** The people you blocked (GET /users/blocked), newest first, each with Unblock. For the settings page. */
export function BlockedPeopleSection() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetBlockedQuery({ page });
  const [block, { isLoading: isSaving }] = useBlockMutation();
  const unblock = async (userId: string, username: string) => {
    try {
      await block({ userId, isBlocked: false }).unwrap();
      toast.success(`You unblocked @${username}`);
    } catch (err) {
      toast.error(errorMessage(err, 'That did not work, please try again'));
    }
  };
  if (isLoading) return <p className="settings-help">Loading the people you blocked…</p>;
  if (isError || !data) return <p className="settings-help">The people you blocked could not be loaded. Please try again.</p>;
  if (data.data.length === 0) {
    return <p className="settings-help">You have not blocked anyone. Block someone from their profile to keep them away.</p>;
  }
  return (
    <>
      <p className="settings-help">Blocked people cannot message you, comment on or like your things, follow you or apply to your jobs, and you no longer see their work.</p>
      <ul className="blocked-people" aria-label="Blocked people">
        {data.data.map((p) => (
          <li key={p.id} className="blocked-people__row">
            <UserAvatar user={{ name: p.fullName || p.username, avatar: p.avatar }} size={32} />
            <span className="blocked-people__name">
              <Link to={`/u/${encodeURIComponent(p.username)}`}>{p.fullName || p.username}</Link>{' '}
              <span className="muted">@{p.username}</span>
            </span>
            <Button variant="secondary" size="sm" disabled={isSaving} onClick={() => void unblock(p.id, p.username)} aria-label={`Unblock @${p.username}`}>
              Unblock
            </Button>
          </li>
        ))}
      </ul>
      <Pager pagination={data.pagination} onPage={setPage} label="Blocked people pages" />
    </>
  );
}
