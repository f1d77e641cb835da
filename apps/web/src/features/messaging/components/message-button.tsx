import { useNavigate } from 'react-router';
import { Button, MessageIcon } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions } from '../../ui';

export interface MessageButtonProps {
  userId: string;
  /** Whom the button writes to, for screen readers when several sit on one page. */
  name?: string;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary' | 'ghost';
}

/**
 * "Message": opens the conversation with this person. A conversation exists as soon as either side
 * writes, so opening /messages/<id> is all it takes to start one. Not shown on yourself; a visitor
 * signs in first and lands in the conversation afterwards.
 */
export function MessageButton({ userId, name, size = 'sm', variant = 'secondary' }: MessageButtonProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const me = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  if (me?.id === userId) return null;

  const to = `/messages/${encodeURIComponent(userId)}`;
  const open = () => {
    if (me) void navigate(to);
    else dispatch(uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'navigate', to } }));
  };
  return (
    <Button
      size={size}
      variant={variant}
      iconStart={<MessageIcon size={16} />}
      aria-label={name ? `Message ${name}` : undefined}
      onClick={open}
    >
      Message
    </Button>
  );
}
