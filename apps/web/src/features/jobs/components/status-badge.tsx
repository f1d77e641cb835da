import type { ApplicationStatus } from '@atelier/shared';
import { Badge } from '../../../components/ui';
import { STATUS_TONES, statusLabel } from '../jobs-format';

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}
