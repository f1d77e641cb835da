import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { useBlockMutation } from '../moderation-api';

/** Block / Unblock on a profile. Hidden on yourself and for visitors; the other person is not told. */
export function BlockButton({ userId, username }: { userId: string; username: string }) {
  const me = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [block, { isLoading }] = useBlockMutation();
  const [isBlocked, setBlocked] = useState(false);
  if (!me || me.id === userId) return null;
  const toggle = async () => {
    if (!isBlocked && !window.confirm(`Block @${username}? You will stop following each other, and neither of you can message or interact with the other.`)) return;
    try {
      const res = await block({ userId, isBlocked: !isBlocked }).unwrap();
      setBlocked(res.isBlocked);
      toast.success(res.isBlocked ? `You blocked @${username}` : `You unblocked @${username}`);
    } catch (err) {
      toast.error(errorMessage(err, 'That did not work, please try again'));
    }
  };
  return (
    <Button variant="ghost" size="sm" isLoading={isLoading} aria-pressed={isBlocked} onClick={toggle}>
      {isBlocked ? 'Unblock' : 'Block'}
    </Button>
  );
}
