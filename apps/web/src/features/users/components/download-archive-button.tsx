import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { useAppDispatch } from '../../../lib/hooks';
import { Button } from '../../../components/ui';
import { ARCHIVE_FAILED, downloadContentArchive, formatBytes } from '../content-archive';
import { usersApi } from '../users-api';

/** "Download all my content": one ZIP of everything the signed-in user owns, private included. */
export function DownloadArchiveButton() {
  const dispatch = useAppDispatch();
  const [received, setReceived] = useState<number | null>(null);
  const isBusy = received !== null;

  async function download() {
    setReceived(0);
    try {
      await downloadContentArchive({
        onProgress: (p) => setReceived(p.received),
        // Any authenticated call through the API layer refreshes an expired access token.
        refreshSession: async () => {
          await dispatch(usersApi.endpoints.getUserStats.initiate(undefined, { subscribe: false, forceRefetch: true }));
        },
      });
      toast.success('Your content archive is downloading');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : ARCHIVE_FAILED);
    } finally {
      setReceived(null);
    }
  }

  return (
    <div className="archive-download" aria-live="polite">
      <Button variant="secondary" size="sm" isLoading={isBusy} disabled={isBusy} onClick={() => void download()}>
        Download all my content
      </Button>
      {isBusy && (
        <span className="small muted">
          {received ? `Preparing archive… ${formatBytes(received)}` : 'Preparing archive…'}
        </span>
      )}
    </div>
  );
}
