import { z } from 'zod';
import { idParam, pagination, paginationQuery } from '../schemas/common.js';
import { CONTENT_RATINGS } from '../schemas/content.js';
import {
  adminReportsQuery,
  adminReportsReply,
  blockedPerson,
  blockResult,
  bulkReportActionBody,
  createReportBody,
  report,
  reportActionBody,
  reportActionResult,
  setRatingBody,
  suspendBody,
} from '../schemas/moderation.js';
import { moderationEndpoints as m } from './moderation.endpoints.js';
import { contract } from './contract.js';

const tags = ['moderation'];
const adminTags = ['admin', 'moderation'];

export const moderationContracts = {
  report: contract(m.report, {
    tags,
    summary: 'Report a content item, comment, person, message or job',
    description:
      'One open report per reporter and target: a repeat answers 200 with the existing report. ' +
      'A target you cannot see is a 404; reporting yourself or your own things is a 400.',
    body: createReportBody,
    reply: { 201: z.object({ data: report, message: z.string() }), 200: z.object({ data: report, message: z.string() }) },
    errors: [404],
  }),
  adminReports: contract(m.adminReports, {
    tags: adminTags,
    summary: 'The moderation queue, grouped by target (admin)',
    description: 'Filter by status (default open) and target type; each group carries its reports, newest target first.',
    query: adminReportsQuery,
    reply: { 200: adminReportsReply },
  }),
  actOnReport: contract(m.actOnReport, {
    tags: adminTags,
    summary: 'Act on a report: dismiss, hide, delete, warn or suspend (admin)',
    description: 'Closes every open report on the same target and records the action in the audit trail. A closed report is a 400.',
    params: idParam,
    body: reportActionBody,
    reply: { 200: z.object({ data: reportActionResult, message: z.string() }) },
    errors: [404],
  }),
  actOnReports: contract(m.actOnReports, {
    tags: adminTags,
    summary: 'Act on several reports at once (admin)',
    description: 'All or nothing: an unknown or closed report among them is a 400 and nothing changes.',
    body: bulkReportActionBody,
    reply: { 200: z.object({ data: reportActionResult, message: z.string() }) },
    errors: [404],
  }),
  suspend: contract(m.suspend, {
    tags: adminTags,
    summary: 'Suspend an account (admin)',
    description: 'Its sessions, sockets and API keys stop at once; until is optional.',
    params: idParam,
    body: suspendBody,
    reply: { 200: z.object({ data: z.object({ suspendedUntil: z.string().nullable() }), message: z.string() }) },
    errors: [404],
  }),
  unsuspend: contract(m.unsuspend, {
    tags: adminTags,
    summary: 'Lift a suspension (admin)',
    params: idParam,
    reply: { 200: z.object({ data: z.object({ suspendedUntil: z.null() }), message: z.string() }) },
    errors: [404],
  }),
  block: contract(m.block, {
    tags,
    summary: 'Block a person',
    description: 'Ends any follow between you; neither of you can message, comment on, like, follow or apply to the other. They are not told.',
    params: idParam,
    reply: { 200: z.object({ data: blockResult, message: z.string() }) },
    errors: [404],
  }),
  unblock: contract(m.unblock, {
    tags,
    summary: 'Unblock a person',
    params: idParam,
    reply: { 200: z.object({ data: blockResult, message: z.string() }) },
  }),
  blocked: contract(m.blocked, {
    tags,
    summary: 'The people you blocked, newest first',
    query: paginationQuery,
    reply: { 200: z.object({ data: z.array(blockedPerson), pagination }) },
  }),
  setRating: contract(m.setRating, {
    tags: adminTags,
    summary: "Set an item's rating: general or mature (admin)",
    description: 'Mature items leave every list of visitors and of people who have not turned showMature on. Recorded in the audit trail.',
    params: idParam,
    body: setRatingBody,
    reply: { 200: z.object({ data: z.object({ rating: z.enum(CONTENT_RATINGS) }), message: z.string() }) },
    errors: [404],
  }),
} as const;
