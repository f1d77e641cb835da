import { toast } from '../../../components/ui/toast';
import type { ApplicationStatus } from '@atelier/shared';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { useRealtimeEvent } from '../../realtime';
import { statusLabel } from '../jobs-format';

/** Tells an applicant, wherever they are in the product, that a job owner changed their application. */
export function ApplicationUpdates() {
  const dispatch = useAppDispatch();
  useRealtimeEvent('application:updated', (update) => {
    const status = statusLabel(update.status as ApplicationStatus) ?? update.status;
    toast.info(`Your application for ${update.jobTitle} at ${update.company} is now ${status.toLowerCase()}`);
    dispatch(api.util.invalidateTags([{ type: 'Applications', id: update.applicationId }, 'Applications']));
  });
  return null;
}
