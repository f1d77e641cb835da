import type { CollectionWithFlag, Pagination } from '@atelier/shared';

export interface CollectionPage {
  data: CollectionWithFlag[];
  pagination: Pagination;
}

/**
 * Collection create adds to the front only if the list was already loaded (spec §4): a list never
 * fetched stays unfetched, so its first load shows the server's truth.
 */
export function withCreatedFirst(
  list: CollectionPage | undefined,
  created: CollectionWithFlag,
): CollectionPage | undefined {
  if (!list) return undefined;
  if (list.data.some((c) => c.id === created.id)) return list;
  const total = list.pagination.total + 1;
  return {
    data: [created, ...list.data],
    pagination: { ...list.pagination, total, totalPages: Math.max(1, Math.ceil(total / list.pagination.pageSize)) },
  };
}

export function withReplaced(list: CollectionPage, updated: CollectionWithFlag): void {
  const i = list.data.findIndex((c) => c.id === updated.id);
  // The "contains" flag is per list; an update from elsewhere does not know it.
  if (i >= 0)
    list.data[i] = {
      ...updated,
      ...(list.data[i]?.containsItem !== undefined && updated.containsItem === undefined
        ? { containsItem: list.data[i]?.containsItem }
        : {}),
    };
}

export function withRemoved(list: CollectionPage, id: string): void {
  const before = list.data.length;
  list.data = list.data.filter((c) => c.id !== id);
  if (list.data.length < before) {
    list.pagination.total = Math.max(0, list.pagination.total - 1);
    list.pagination.totalPages = Math.max(1, Math.ceil(list.pagination.total / list.pagination.pageSize));
  }
}
