import type { ReactNode } from 'react';
import { Button, EmptyState } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { uiActions } from '../../ui/ui-slice';

/** The server refuses non-admins anyway; this only avoids showing them a screen of errors. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  if (!user) {
    return (
      <EmptyState
        title="Sign in as an administrator"
        action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
      />
    );
  }
  if (user.role !== 'admin')
    return <EmptyState title="Administrators only" description="This screen is for site administrators." />;
  return <>{children}</>;
}
