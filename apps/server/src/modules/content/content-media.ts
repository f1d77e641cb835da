import type { Db } from '../../platform/db/db.js';
import type { MediaAccessRule } from '../../platform/storage/media-routes.js';
import { findMediaVisibility } from './content-items.repository.js';
import { hasPublicMedia } from './content.visibility.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An item's files (original, preview, thumbnail, tile, poster, reference) live under content/<id>/ and
 * follow the item as it is now: public while a visitor may see it, private (signed links only)
 * while it is private, mature, hidden by moderation or its owner is suspended (a shared cache never keeps a mature file: its reply is `private`),
 * gone once it is deleted. One primary-key read per request, so a change is felt at once.
 * The reference image someone generated from is theirs alone: always private, reached only through
 * the signed link its owner's reply carries.
 */
export function contentMedia(db: Db): MediaAccessRule {
  return {
    prefix: 'content/',
    async visibility(key) {
      const id = key.split('/')[1] ?? '';
      if (!UUID.test(id)) return null;
      const row = await findMediaVisibility(db, id);
      if (!row) return null;
      if ((key.split('/')[2] ?? '').startsWith('reference.')) return 'private';
      return hasPublicMedia(row) ? 'public' : 'private';
    },
  };
}
