import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { uiActions } from '../../ui';
import { useFollowMutation } from '../users-api';

export interface FollowButtonProps {
  userId: string;
  isFollowing: boolean;
  /** Called with the new state and follower count after the server agreed. */
  onChange?: (isFollowing: boolean, followers: number) => void;
  size?: 'sm' | 'md';
}

/** Follow / Following (Unfollow on hover). Hidden on yourself; signed-out visitors get the sign-in modal. */
export function FollowButton({ userId, isFollowing, onChange, size = 'sm' }: FollowButtonProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [follow, { isLoading }] = useFollowMutation();
  const [current, setCurrent] = useState(isFollowing);
  useEffect(() => setCurrent(isFollowing), [isFollowing]);

  if (me?.id === userId) return null;

  const toggle = async () => {
    if (!me) {
      dispatch(uiActions.authModalOpened('login'));
      return;
    }
    const next = !current;
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
  };

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
