import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../components/ui';
import { uiActions } from '../../ui';

// The dialog and the API it calls load when someone opens it, never with the page.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Whose the thing is: nobody reports their own. */
  ownerId?: string | null;
  size?: 'sm' | 'md';
}

/** "Report" in the menu of an item, comment, profile, message or job. Signed-out visitors are asked to sign in. */
export function ReportButton({ targetType, targetId, ownerId, size = 'sm' }: ReportButtonProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [isOpen, setOpen] = useState(false);
  if (me && ownerId && me.id === ownerId) return null;
  const open = () => (me ? setOpen(true) : dispatch(uiActions.authModalOpened('login')));
  return (
    <>
      <Button variant="ghost" size={size} onClick={open}>
        Report
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
