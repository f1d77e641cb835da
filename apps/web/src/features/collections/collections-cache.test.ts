import { describe, expect, it } from 'vitest';
import type { CollectionWithFlag } from '@atelier/shared';
import { withCreatedFirst, withRemoved } from './collections-cache';

const make = (id: string, name = id): CollectionWithFlag => ({
  id,
  name,
  description: null,
  isPublic: false,
  itemCount: 0,
  coverUrl: null,
  owner: { id: 'u1', username: 'ada', fullName: 'Ada', avatar: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('collection list cache', () => {
  it('adds a created collection to the front only when the list was already loaded', () => {
    expect(withCreatedFirst(undefined, make('new'))).toBeUndefined();
    const loaded = { data: [make('a'), make('b')], pagination: { page: 1, pageSize: 2, total: 2, totalPages: 1 } };
    const next = withCreatedFirst(loaded, make('new'));
    expect(next?.data.map((c) => c.id)).toEqual(['new', 'a', 'b']);
    expect(next?.pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(withCreatedFirst(next, make('new'))?.data.map((c) => c.id)).toEqual(['new', 'a', 'b']);
  });

  it('removes a deleted collection and its count', () => {
    const list = { data: [make('a'), make('b')], pagination: { page: 1, pageSize: 10, total: 2, totalPages: 1 } };
    withRemoved(list, 'a');
    expect(list.data.map((c) => c.id)).toEqual(['b']);
    expect(list.pagination.total).toBe(1);
  });
});
