import { APPLICATION_STATUS_LABELS, EMPLOYMENT_TYPE_LABELS, type ApplicationStatus, type Job } from '@atelier/shared';
import type { BadgeTone } from '../../components/ui';

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    // A currency code Intl does not know is still shown, just without its symbol.
    return `${amount.toLocaleString('en')} ${currency}`;
  }
}

/** Salaries are whole currency units. */
export function formatSalary(job: Pick<Job, 'salaryMin' | 'salaryMax' | 'currency'>): string | null {
  const { salaryMin: min, salaryMax: max, currency } = job;
  if (min !== null && max !== null)
    return min === max ? money(min, currency) : `${money(min, currency)} – ${money(max, currency)}`;
  if (min !== null) return `From ${money(min, currency)}`;
  if (max !== null) return `Up to ${money(max, currency)}`;
  return null;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
}

export const employmentLabel = (job: Pick<Job, 'employmentType'>) => EMPLOYMENT_TYPE_LABELS[job.employmentType];

export const statusLabel = (status: ApplicationStatus) => APPLICATION_STATUS_LABELS[status];

export const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: 'neutral',
  reviewed: 'accent',
  shortlisted: 'accent',
  interview: 'warning',
  offered: 'success',
  hired: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/** "2025-03-01T10:00:00.000Z" ↔ the value of an <input type="date">, in the reader's time zone. */
export function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A job closes at the end of the chosen day. */
export function fromDateInput(value: string): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}
