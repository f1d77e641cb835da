import type { Application, EmploymentType, Job, Pagination } from '@atelier/shared';

/**
 * The list rules of spec §4 as plain functions over a page of results. The API slices call them
 * from `onQueryStarted` with `updateQueryData`, so every cached list follows the same rules.
 */

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

interface HasId {
  id: string;
}

function retotal<T>(page: Page<T>, delta: number): void {
  const total = Math.max(0, page.pagination.total + delta);
  page.pagination.total = total;
  page.pagination.totalPages = Math.max(1, Math.ceil(total / page.pagination.pageSize));
}

/** Puts the item first, once. */
export function putFirst<T extends HasId>(page: Page<T>, item: T): void {
  const at = page.data.findIndex((x) => x.id === item.id);
  if (at >= 0) {
    page.data.splice(at, 1);
  } else {
    retotal(page, 1);
  }
  page.data.unshift(item);
}

/** Replaces the item where it is; returns whether it was there. */
export function replaceItem<T extends HasId>(page: Page<T>, item: T): boolean {
  const at = page.data.findIndex((x) => x.id === item.id);
  if (at < 0) return false;
  page.data[at] = item;
  return true;
}

export function removeItem<T extends HasId>(page: Page<T>, id: string): boolean {
  const at = page.data.findIndex((x) => x.id === id);
  if (at < 0) return false;
  page.data.splice(at, 1);
  retotal(page, -1);
  return true;
}

/** "Load more": page 1 replaces the list; later pages append, skipping ids already present. */
export function mergePage<T extends HasId>(current: Page<T>, incoming: Page<T>, page: number): Page<T> {
  if (page <= 1) return incoming;
  const seen = new Set(current.data.map((x) => x.id));
  current.data.push(...incoming.data.filter((x) => !seen.has(x.id)));
  current.pagination = incoming.pagination;
  return current;
}

export interface JobListArgs {
  page?: number;
  pageSize?: number;
  q?: string;
  location?: string;
  employmentType?: EmploymentType;
  isRemote?: boolean;
  tag?: string;
  isActive?: boolean;
  owner?: 'me';
}

const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** Whether a job belongs in a list asked for with these filters; `meId` is the signed-in user. */
export function jobMatches(job: Job, args: JobListArgs, meId: string | null): boolean {
  if (args.owner === 'me' && job.owner.id !== meId) return false;
  if (args.isActive !== undefined && job.isActive !== args.isActive) return false;
  if (args.employmentType && job.employmentType !== args.employmentType) return false;
  if (args.isRemote !== undefined && job.isRemote !== args.isRemote) return false;
  if (args.location && !contains(job.location, args.location)) return false;
  if (args.tag && !job.tags.includes(args.tag.toLowerCase())) return false;
  if (args.q && ![job.title, job.company, job.description].some((text) => contains(text, args.q!))) return false;
  return true;
}

export interface ApplicationListArgs {
  page?: number;
  pageSize?: number;
  jobId?: string;
  status?: Application['status'];
}

export function applicationMatches(application: Application, args: ApplicationListArgs): boolean {
  if (args.jobId && application.jobId !== args.jobId) return false;
  if (args.status && application.status !== args.status) return false;
  return true;
}
