import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import type { Storage } from '../../platform/storage/storage.js';
import { deleteContentOf } from './content-items.repository.js';
import { contentKeyPrefix } from './content.view.js';

/**
 * Content: what the gallery does not show (private and unfinished items) is deleted with its files
 * (after the commit). Public ready items stay, shown as by "Deleted user" (the account row is anonymised), so other people's
 * collections, likes and comments keep working; so do the person's comments in others' threads.
 * Their likes go (the counts follow) and their plays are kept without the person.
 */
export function contentDeletionStep(storage: Pick<Storage, 'delete'>): AccountDeletionStep {
  return {
    module: 'content',
    // content_search is search's copy of the listed items, kept by a trigger: it follows content.
    tables: ['content', 'content_search', 'content_likes', 'content_comments', 'content_plays'],
    keeps: 'public ready items and comments, shown as by "Deleted user" (with their search rows); plays, without the person',
    async deleteUser(tx, userId) {
      const gone = await deleteContentOf(tx, userId);
      if (gone.length === 0) return;
      return async () => {
        await Promise.all(gone.map((c) => storage.delete(contentKeyPrefix(c.id))));
      };
    },
  };
}
