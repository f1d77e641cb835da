import { Link } from 'react-router';
import type { Content } from '@atelier/shared';
import { UserAvatar } from '../../../components/user-avatar';
import { SaveToCollectionMenu } from '../../collections';
import { FollowButton, useGetProfileByUsernameQuery } from '../../users';
import { ReportButton } from '../../moderation';
import '../content.css';

/** On a content page: who made it (with a follow button) and "Save to collection". */
export function ContentPeopleActions({ content }: { content: Content }) {
  const { owner } = content;
  // The follow state lives on the owner's profile; a deleted owner has none.
  const { data: profile } = useGetProfileByUsernameQuery(owner.username, { skip: !owner.username });
  return (
    <div className="people-actions">
      {profile ? (
        <Link className="people-actions__owner" to={`/u/${encodeURIComponent(owner.username)}`}>
          <UserAvatar user={{ name: owner.fullName, avatar: owner.avatar }} size={32} />
          <span>@{owner.username}</span>
        </Link>
      ) : (
        <span className="people-actions__owner">
          <UserAvatar user={{ name: owner.fullName, avatar: owner.avatar }} size={32} />
        </span>
      )}
      {profile && <FollowButton userId={owner.id} isFollowing={profile.isFollowing} />}
      {content.status === 'ready' && <SaveToCollectionMenu contentId={content.id} />}
      <ReportButton targetType="content" targetId={content.id} ownerId={owner.id} />
    </div>
  );
}
