import { LRUCache } from 'lru-cache';

/**
 * A memo bounded in entries: when it is full the least recently used entry leaves. The server's
 * statement caches (one built statement per query shape), its large-total counts and its presence
 * readings use it, so every size-limited cache evicts the same way.
 */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  max: number,
): LRUCache<K, V> {
  return new LRUCache<K, V>({ max });
}
