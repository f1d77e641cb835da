import { CONTENT_STATUSES, type ContentStatus } from '@atelier/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ContentViewer } from './content.view.js';
import { canSee, hasPublicMedia, isMatureGated, visibleTo, type VisibilityRow, type VisibilityScope } from './content.visibility.js';

const OWNER = '00000000-0000-4000-8000-000000000001';
type Who = 'anonymous' | 'other' | 'owner' | 'admin';
const viewers: Record<Who, ContentViewer | null> = {
  anonymous: null,
  other: { id: '00000000-0000-4000-8000-000000000002', role: 'user' },
  owner: { id: OWNER, role: 'user' },
  admin: { id: '00000000-0000-4000-8000-000000000003', role: 'admin' },
};

const row = (isPrivate: boolean, status: ContentStatus, hiddenAt: Date | null = null): VisibilityRow => ({
  userId: OWNER,
  isPrivate,
  status,
  hiddenAt,
});

/** Which statuses each viewer sees of the owner's public and private items, per scope. */
const expected: Record<VisibilityScope, Record<Who, { public: ContentStatus[]; private: ContentStatus[] }>> = {
  item: {
    anonymous: { public: ['queued', 'processing', 'ready', 'failed'], private: [] },
    other: { public: ['queued', 'processing', 'ready', 'failed'], private: [] },
    owner: { public: ['queued', 'processing', 'ready', 'failed'], private: ['queued', 'processing', 'ready', 'failed'] },
    admin: { public: ['queued', 'processing', 'ready', 'failed'], private: ['queued', 'processing', 'ready', 'failed'] },
  },
  preview: {
    anonymous: { public: ['queued', 'processing', 'ready', 'failed'], private: [] },
    other: { public: ['queued', 'processing', 'ready', 'failed'], private: [] },
    owner: { public: ['queued', 'processing', 'ready', 'failed'], private: ['queued', 'processing', 'ready', 'failed'] },
    admin: { public: ['queued', 'processing', 'ready', 'failed'], private: ['queued', 'processing', 'ready', 'failed'] },
  },
  gallery: {
    anonymous: { public: ['ready'], private: [] },
    other: { public: ['ready'], private: [] },
    owner: { public: ['ready'], private: [] },
    admin: { public: ['ready'], private: [] },
  },
  'own-gallery': {
    anonymous: { public: ['ready'], private: [] },
    other: { public: ['ready'], private: [] },
    owner: { public: ['ready'], private: ['ready'] },
    admin: { public: ['ready'], private: [] },
  },
  profile: {
    anonymous: { public: ['ready'], private: [] },
    other: { public: ['ready'], private: [] },
    owner: { public: ['queued', 'processing', 'ready', 'failed'], private: ['queued', 'processing', 'ready', 'failed'] },
    admin: { public: ['ready'], private: [] },
  },
};

describe('who may see a content item', () => {
  it('covers every status there is', () => {
    expect([...CONTENT_STATUSES].sort()).toEqual(['failed', 'processing', 'queued', 'ready']);
  });

  for (const [scope, byViewer] of Object.entries(expected) as [VisibilityScope, (typeof expected)['item']][]) {
    it.each(Object.keys(byViewer) as Who[])(`${scope}: %s`, (who) => {
      const seen = { public: [] as ContentStatus[], private: [] as ContentStatus[] };
      for (const status of CONTENT_STATUSES) {
        if (canSee(viewers[who], row(false, status), scope)) seen.public.push(status);
        if (canSee(viewers[who], row(true, status), scope)) seen.private.push(status);
      }
      expect(seen).toEqual(byViewer[who]);
    });
  }

  it('treats an item a moderator hid as private to everyone but its owner and admins, in every scope', () => {
    const hidden = new Date('2026-01-01T00:00:00Z');
    for (const scope of Object.keys(expected) as VisibilityScope[]) {
      for (const who of Object.keys(viewers) as Who[]) {
        for (const status of CONTENT_STATUSES) {
          expect(canSee(viewers[who], row(false, status, hidden), scope), `${scope} ${who} ${status}`).toBe(
            canSee(viewers[who], row(true, status), scope),
          );
        }
      }
    }
    expect(hasPublicMedia(row(false, 'ready', hidden))).toBe(false);
  });

  it("serves an item's media to anyone exactly when a signed-out visitor may see it shown: never a mature one's", () => {
    for (const status of CONTENT_STATUSES) {
      expect(hasPublicMedia(row(false, status))).toBe(true);
      expect(hasPublicMedia(row(true, status))).toBe(false);
      expect(hasPublicMedia({ ...row(false, status), rating: 'mature' })).toBe(false);
      expect(hasPublicMedia({ ...row(false, status), rating: 'general' })).toBe(true);
    }
  });

  it('keeps the literals in the SQL a signed-out gallery runs, so the partial indexes apply', () => {
    const { sql, params } = new PgDialect().sqlToQuery(visibleTo(null, 'gallery'));
    expect(sql).toBe(
      `("content"."is_private" = false and "content"."hidden_at" IS NULL and ` +
        `NOT EXISTS (SELECT 1 FROM "users" vs WHERE vs.id = "content"."user_id" AND vs.suspended_at IS NOT NULL AND (vs.suspended_until IS NULL OR vs.suspended_until > now())) and ` +
        `"content"."rating" = 'general' and "content"."status" = 'ready')`,
    );
    expect(params).toEqual([]);
  });

  const LISTS: VisibilityScope[] = ['gallery', 'own-gallery', 'profile', 'preview'];
  const mature: VisibilityRow = { userId: OWNER, isPrivate: false, status: 'ready', rating: 'mature' };

  it('keeps mature items out of every list for visitors and people who have not opted in; the owner always sees theirs', () => {
    const optedIn: ContentViewer = { id: '00000000-0000-4000-8000-000000000004', role: 'user', showMature: true };
    for (const scope of LISTS) {
      expect(canSee(null, mature, scope), scope).toBe(false);
      expect(canSee(viewers.other, mature, scope), scope).toBe(false);
      expect(canSee(optedIn, mature, scope), scope).toBe(true);
      if (scope !== 'gallery') expect(canSee(viewers.owner, mature, scope), scope).toBe(true);
    }
    // One item opened by link stays reachable, behind a gate for those who have not opted in.
    expect(canSee(null, mature, 'item')).toBe(true);
    expect(isMatureGated(null, mature)).toBe(true);
    expect(isMatureGated(viewers.other, mature)).toBe(true);
    expect(isMatureGated(optedIn, mature)).toBe(false);
    expect(isMatureGated(viewers.owner, mature)).toBe(false);
    expect(isMatureGated(viewers.admin, mature)).toBe(false);
    expect(isMatureGated(null, { userId: OWNER, rating: 'general' })).toBe(false);
  });

  it("hides a suspended account's items from everyone but the owner and admins, in every scope", () => {
    const suspended: VisibilityRow = { userId: OWNER, isPrivate: false, status: 'ready', ownerSuspended: true };
    for (const scope of [...LISTS, 'item'] as VisibilityScope[]) {
      for (const who of Object.keys(viewers) as Who[]) {
        expect(canSee(viewers[who], suspended, scope), `${scope} ${who}`).toBe(canSee(viewers[who], row(true, 'ready'), scope));
      }
    }
    expect(hasPublicMedia(suspended)).toBe(false);
  });

  it("leaves the blocked person's items out of the blocker's lists, not out of one item opened by link", () => {
    const blocked: VisibilityRow = { userId: OWNER, isPrivate: false, status: 'ready', blockedByViewer: true };
    for (const scope of ['gallery', 'own-gallery', 'profile'] as VisibilityScope[]) expect(canSee(viewers.other, blocked, scope)).toBe(false);
    expect(canSee(viewers.other, blocked, 'item')).toBe(true);
  });

  it('asks nothing of the row when an admin opens an item', () => {
    expect(new PgDialect().sqlToQuery(visibleTo(viewers.admin, 'item')).sql).toBe('true');
  });
});
