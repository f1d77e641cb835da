import { useAppDispatch } from './hooks';
import { Button, EmptyState, LockIcon } from '../components/ui';
import { uiActions } from './ui-slice';

/** What a signed-out visitor sees on a page that is about their own jobs or applications. */
export function SignInRequired({ what }: { what: string }) {
  const dispatch = useAppDispatch();
  return (
    <EmptyState
      icon={<LockIcon size={24} />}
      title="Sign in to continue"
      description={`Sign in to see ${what}.`}
      action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
    />
  );
}
