import type { ContentStatus } from '@atelier/shared';

export type { Content, ContentOwner, ContentStatus, EditOperation } from '@atelier/shared';

export function isInProgress(status: ContentStatus): boolean {
  return status === 'queued' || status === 'processing';
}
