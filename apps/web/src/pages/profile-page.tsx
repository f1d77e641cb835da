import { useState } from 'react';
import { useParams } from 'react-router';
import { MSG, type ProfileByUsername } from '@atelier/shared';
import { Badge, ButtonLink, EmptyState, GridIcon, LockIcon, Pager, Spinner, Tabs } from '../components/ui';
import { PageMeta } from '../components/page-meta';
import { errorMessage } from '../lib/errors';
import { UserAvatar } from '../components/user-avatar';
import { CollectionGrid, useGetUserCollectionsQuery } from '../features/collections';
import { UploadContentButton, useGetUserContentQuery } from '../features/content';
import { ContentTile } from '../components/content-tile';
import {
  DownloadArchiveButton,
  FollowButton,
  PeopleList,
  useGetFollowListQuery,
  useGetProfileByUsernameQuery,
} from '../features/users';
import { MessageButton } from '../features/messaging';
import { BlockButton, ReportButton } from '../features/moderation';
import '../features/users/users.css';

type Tab = 'content' | 'collections' | 'followers' | 'following';

/** /u/:username — someone's public page. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { data, error, isLoading } = useGetProfileByUsernameQuery(username, { skip: !username });
  if (isLoading)
    return (
      <div className="container section">
        <Spinner label="Loading profile" />
      </div>
    );
  if (error || !data) {
    const isMissing = (error as { status?: number } | undefined)?.status === 404;
    return (
      <section className="container section">
        <PageMeta title="Profile not found" />
        <EmptyState
          title={isMissing ? 'No one by that name' : MSG.users.getProfileFailed}
          description={
            isMissing
              ? `There is no Atelier member called @${username}.`
              : errorMessage(error, MSG.users.getProfileFailed)
          }
          action={<ButtonLink to="/people">Find people</ButtonLink>}
        />
      </section>
    );
  }
  return <ProfileView key={data.user.id} profile={data} />;
}

function ProfileView({ profile }: { profile: ProfileByUsername }) {
  const { user } = profile;
  const [followers, setFollowers] = useState(profile.stats.followers);
  const [tab, setTab] = useState<Tab>('content');
  const isHidden = user.isPrivate && !user.isSelf;
  return (
    <section className="container">
      <PageMeta
        title={`${user.fullName} (@${user.username})`}
        description={user.bio ?? `${user.fullName} on Atelier`}
      />
      <header className="profile-header">
        <UserAvatar user={{ name: user.fullName, avatar: user.avatar }} size={96} />
        <div className="profile-header__main">
          <h1>
            {user.fullName} {user.isStaff && <Badge tone="accent">Staff</Badge>}
          </h1>
          <p className="muted">@{user.username}</p>
          {user.bio && <p>{user.bio}</p>}
          <p className="small muted">
            {user.location && <span>{user.location} </span>}
            {user.website && (
              <a href={user.website} target="_blank" rel="noopener noreferrer nofollow ugc">
                {user.website.replace(/^https?:\/\//, '')}
              </a>
            )}
          </p>
          {!isHidden && (
            <dl className="profile-stats" aria-label="Profile stats">
              <div>
                <dt>Followers</dt>
                <dd>{followers}</dd>
              </div>
              <div>
                <dt>Following</dt>
                <dd>{profile.stats.following}</dd>
              </div>
              <div>
                <dt>Pieces</dt>
                <dd>{profile.stats.content}</dd>
              </div>
            </dl>
          )}
        </div>
        {user.isSelf ? (
          <ButtonLink to="/settings" variant="secondary" size="sm">
            Edit profile
          </ButtonLink>
        ) : (
          <div className="profile-header__actions">
            <FollowButton
              userId={user.id}
              isFollowing={profile.isFollowing}
              size="md"
              onChange={(_f, count) => setFollowers(count)}
            />
            <MessageButton userId={user.id} size="md" />
            <ReportButton targetType="user" targetId={user.id} ownerId={user.id} />
            <BlockButton userId={user.id} username={user.username} />
          </div>
        )}
      </header>
      {isHidden ? (
        <EmptyState
          icon={<LockIcon size={24} />}
          title="This profile is private"
          description="Only its owner can see their work and connections."
        />
      ) : (
        <Tabs<Tab>
          label="Profile sections"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'content', label: 'Content' },
            { id: 'collections', label: 'Collections' },
            { id: 'followers', label: 'Followers' },
            { id: 'following', label: 'Following' },
          ]}
        >
          {tab === 'content' && <UserContentTab userId={user.id} isSelf={user.isSelf} />}
          {tab === 'collections' && <UserCollectionsTab userId={user.id} />}
          {(tab === 'followers' || tab === 'following') && <FollowTab key={tab} userId={user.id} direction={tab} />}
        </Tabs>
      )}
    </section>
  );
}

function UserContentTab({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetUserContentQuery({ userId, page });
  // Your own content area carries the owner's tools: add a piece, download everything.
  const tools = isSelf ? (
    <div className="profile-content-tools">
      <UploadContentButton />
      <DownloadArchiveButton />
    </div>
  ) : null;
  if (isLoading) return <Spinner label="Loading content" />;
  if (error) return <p role="alert">{errorMessage(error, MSG.users.getContentFailed)}</p>;
  if (!data || data.data.length === 0) {
    return (
      <>
        {tools}
        <EmptyState icon={<GridIcon size={24} />} title="Nothing published yet" />
      </>
    );
  }
  return (
    <>
      {tools}
      <div className="content-grid">
        {data.data.map((c) => (
          <ContentTile key={c.id} content={c} />
        ))}
      </div>
      <Pager pagination={data.pagination} onPage={setPage} label="Content pages" />
    </>
  );
}

function UserCollectionsTab({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetUserCollectionsQuery({ userId, page });
  if (isLoading) return <Spinner label="Loading collections" />;
  if (error) return <p role="alert">{errorMessage(error, MSG.users.getCollectionsFailed)}</p>;
  if (!data || data.data.length === 0) return <EmptyState title="No public collections" />;
  return (
    <>
      <CollectionGrid collections={data.data} />
      <Pager pagination={data.pagination} onPage={setPage} label="Collection pages" />
    </>
  );
}

function FollowTab({ userId, direction }: { userId: string; direction: 'followers' | 'following' }) {
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useGetFollowListQuery({ userId, direction, page });
  return (
    <PeopleList
      label={direction === 'followers' ? 'Followers' : 'Following'}
      people={data?.data}
      pagination={data?.pagination}
      isLoading={isFetching}
      error={
        error
          ? errorMessage(error, direction === 'followers' ? MSG.users.getFollowersFailed : MSG.users.getFollowingFailed)
          : null
      }
      emptyTitle={direction === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
      onPage={setPage}
    />
  );
}
