import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../components/ui';

// The dialog (its form, validation and zod) loads when it is first wanted, not with the page.
const loadDialog = () => import('./upload-content-dialog');
const UploadContentDialog = lazy(() => loadDialog().then((m) => ({ default: m.UploadContentDialog })));

/** Opens the upload dialog; shown only to signed-in people, since only they can upload. */
export function UploadContentButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const [isOpen, setIsOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!isAuthenticated) return null;
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setOpened(true);
          setIsOpen(true);
        }}
      >
        Upload
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <UploadContentDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
