import { Link } from 'react-router';
import type { Pagination, PublicProfileSummary } from '@atelier/shared';
import { EmptyState, Pager, Spinner, UsersIcon } from '../../../components/ui';
import { UserAvatar } from '../../../components/user-avatar';
import { MessageButton } from '../../messaging';
import { FollowButton } from './follow-button';
import '../users.css';

export interface PeopleListProps {
  people: PublicProfileSummary[] | undefined;
  pagination: Pagination | undefined;
  isLoading: boolean;
  error?: string | null;
  emptyTitle: string;
  emptyText?: string;
  onPage: (page: number) => void;
  label: string;
}

export function PeopleList({
  people,
  pagination,
  isLoading,
  error,
  emptyTitle,
  emptyText,
  onPage,
  label,
}: PeopleListProps) {
  if (isLoading && !people) return <Spinner label="Loading people" />;
  if (error)
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    );
  if (!people || people.length === 0)
    return <EmptyState icon={<UsersIcon size={24} />} title={emptyTitle} description={emptyText} />;
  return (
    <>
      <ul className="people-list" aria-label={label}>
        {people.map((p) => (
          <li key={p.id} className="people-list__item">
            <Link to={`/u/${encodeURIComponent(p.username)}`} className="people-list__who">
              <UserAvatar user={{ name: p.fullName, avatar: p.avatar }} size={40} />
              <span>
                <strong>{p.fullName}</strong>
                <span className="muted small"> @{p.username}</span>
              </span>
            </Link>
            <div className="people-list__actions">
              <FollowButton userId={p.id} isFollowing={p.isFollowing} />
              <MessageButton userId={p.id} name={p.fullName} />
            </div>
          </li>
        ))}
      </ul>
      {pagination && <Pager pagination={pagination} onPage={onPage} label={`${label} pages`} />}
    </>
  );
}
