import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { CONTENT_TYPE_NAMES } from '@atelier/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { useRealtimeEvent } from '../../realtime';
import { generationApi } from '../generation-api';

/**
 * Applies the server's generation events to any cached content, wherever the person is, and tells
 * them about a finished or failed generation when they are not looking at it.
 */
export function GenerationLiveUpdates() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isViewing = (id: string) => pathname === `/content/${id}`;

  useRealtimeEvent('generation:progress', ({ contentId, status, progress }) => {
    dispatch(
      generationApi.util.updateQueryData('getContentById', contentId, (draft) => {
        // Events can arrive out of order; never move a finished item back or a bar backwards.
        if (draft.status === 'ready' || draft.status === 'failed') return;
        draft.status = status;
        draft.progress = Math.max(draft.progress, progress);
      }),
    );
  });

  useRealtimeEvent('generation:completed', ({ content }) => {
    dispatch(generationApi.util.updateQueryData('getContentById', content.id, () => content));
    if (!isViewing(content.id)) {
      toast.success(`Your ${CONTENT_TYPE_NAMES[content.contentType]} “${content.title}” is ready. Click to view.`, {
        onClick: () => navigate(`/content/${content.id}`),
      });
    }
  });

  useRealtimeEvent('generation:failed', ({ contentId, reason, refunded }) => {
    dispatch(
      generationApi.util.updateQueryData('getContentById', contentId, (draft) => {
        draft.status = 'failed';
        draft.failureReason = reason;
        draft.refunded = refunded;
      }),
    );
    // The item's full record (receipt, timestamps) follows from the server.
    dispatch(generationApi.util.invalidateTags([{ type: 'Content', id: contentId }]));
    if (!isViewing(contentId)) {
      const refund = refunded > 0 ? ` Your ${refunded} credits were refunded.` : '';
      toast.error(`A generation failed: ${reason}.${refund}`, { onClick: () => navigate(`/content/${contentId}`) });
    }
  });

  return null;
}
