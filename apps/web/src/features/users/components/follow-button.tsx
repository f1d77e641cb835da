import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions, useResumedIntent } from '../../ui';
import { useFollowMutation } from '../users-api';

export interface FollowButtonProps {
  userId: string;
  isFollowing: boolean;
  /** Called with the new state and follower count after the server agreed. */
  onChange?: (isFollowing: boolean, followers: number) => void;
  size?: 'sm' | 'md';
}

/**
 * Follow / Following (Unfollow on hover). Hidden on yourself; signed-out visitors get the sign-in
 * modal, and the follow is applied once they are signed in.
 */
export function FollowButton({ userId, isFollowing, onChange, size = 'sm' }: FollowButtonProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [follow, { isLoading }] = useFollowMutation();
  const [current, setCurrent] = useState(isFollowing);
  useEffect(() => setCurrent(isFollowing), [isFollowing]);
  // A follow pressed before signing in is applied once signed in.
  useResumedIntent(
    'follow',
    (intent) => intent.userId === userId,
    () => {
      if (me?.id !== userId && !current) void change(true);
    },
  );

  if (me?.id === userId) return null;

  const toggle = async () => {
    if (!me) {
      dispatch(uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'follow', userId } }));
      return;
    }
    await change(!current);
  };

  async function change(next: boolean) {
    try {
      const result = await follow({ userId, isFollowing: next }).unwrap();
      setCurrent(result.isFollowing);
      onChange?.(result.isFollowing, result.followers);
    } catch (err) {
      const status = (err as { status?: number }).status;
      // Already following elsewhere (another tab): the server's truth wins.
      if (status === 409) {
        setCurrent(true);
        return;
      }
      toast.error(errorMessage(err, next ? MSG.users.followFailed : MSG.users.unfollowFailed));
    }
  }

  return (
    <Button
      size={size}
      variant={current ? 'secondary' : 'primary'}
      isLoading={isLoading}
      aria-pressed={current}
      onClick={toggle}
    >
      {current ? 'Following' : 'Follow'}
    </Button>
  );
}
