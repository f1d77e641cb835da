import { useForm } from 'react-hook-form';
import {
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_LIMITS,
  createJobBody,
  type CreateJobBody,
  type EmploymentType,
  type Job,
} from '@atelier/shared';
import { Button, ButtonLink, Checkbox, Field, Input, Select, TextArea } from '../../../components/ui';
import { fromDateInput, toDateInput } from '../jobs-format';

/** What the inputs hold: text, as typed. `toJobBody` turns it into what the API takes. */
export interface JobFormValues {
  title: string;
  company: string;
  location: string;
  employmentType: EmploymentType;
  isRemote: boolean;
  salaryMin: string;
  salaryMax: string;
  currency: string;
  description: string;
  requirements: string;
  tags: string;
  isActive: boolean;
  closesAt: string;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(/[\s,]/g, '')));

export function toJobBody(v: JobFormValues): CreateJobBody {
  return {
    title: v.title,
    company: v.company,
    location: v.location,
    employmentType: v.employmentType,
    isRemote: v.isRemote,
    salaryMin: numberOrNull(v.salaryMin),
    salaryMax: numberOrNull(v.salaryMax),
    currency: v.currency.trim() || 'USD',
    description: v.description,
    requirements: v.requirements
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    tags: v.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    isActive: v.isActive,
    closesAt: fromDateInput(v.closesAt),
  };
}

function valuesOf(job?: Job | null): JobFormValues {
  return {
    title: job?.title ?? '',
    company: job?.company ?? '',
    location: job?.location ?? '',
    employmentType: job?.employmentType ?? 'full_time',
    isRemote: job?.isRemote ?? false,
    salaryMin: job?.salaryMin?.toString() ?? '',
    salaryMax: job?.salaryMax?.toString() ?? '',
    currency: job?.currency ?? 'USD',
    description: job?.description ?? '',
    requirements: job?.requirements.join('\n') ?? '',
    tags: job?.tags.join(', ') ?? '',
    isActive: job?.isActive ?? true,
    closesAt: toDateInput(job?.closesAt ?? null),
  };
}

const FIELD_OF: Record<string, keyof JobFormValues> = {
  title: 'title',
  company: 'company',
  location: 'location',
  employmentType: 'employmentType',
  salaryMin: 'salaryMin',
  salaryMax: 'salaryMax',
  currency: 'currency',
  description: 'description',
  requirements: 'requirements',
  tags: 'tags',
  closesAt: 'closesAt',
};

interface JobFormProps {
  job?: Job | null;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: (body: CreateJobBody) => Promise<void>;
}

/** Posting and editing a job share one form, checked with the same schema the server uses. */
export function JobForm({ job, submitLabel, isBusy, onSubmit }: JobFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<JobFormValues>({ defaultValues: valuesOf(job) });

  const submit = async (values: JobFormValues) => {
    const body = toJobBody(values);
    const parsed = createJobBody.safeParse(body);
    if (!parsed.success) {
      const marked = new Set<keyof JobFormValues>();
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (!field || marked.has(field)) continue;
        setError(field, { message: issue.message }, { shouldFocus: marked.size === 0 });
        marked.add(field);
      }
      return;
    }
    await onSubmit(body);
  };

  return (
    <form className="job-form" onSubmit={handleSubmit(submit)} noValidate aria-label={submitLabel}>
      <div className="job-form__row">
        <Field label="Title" error={errors.title?.message} isRequired>
          <Input maxLength={JOB_LIMITS.titleMax} {...register('title')} />
        </Field>
        <Field label="Company" error={errors.company?.message} isRequired>
          <Input maxLength={JOB_LIMITS.companyMax} {...register('company')} />
        </Field>
      </div>
      <div className="job-form__row">
        <Field label="Location" error={errors.location?.message} isRequired>
          <Input maxLength={JOB_LIMITS.locationMax} placeholder="City, country or Remote" {...register('location')} />
        </Field>
        <Field label="Employment type" error={errors.employmentType?.message} isRequired>
          <Select {...register('employmentType')}>
            {EMPLOYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EMPLOYMENT_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Checkbox id="job-remote" label="Remote" hint="People can do this job from anywhere." {...register('isRemote')} />
      <div className="job-form__row">
        <Field label="Minimum salary" error={errors.salaryMin?.message} hint="Whole units, e.g. 45000">
          <Input inputMode="numeric" {...register('salaryMin')} />
        </Field>
        <Field label="Maximum salary" error={errors.salaryMax?.message}>
          <Input inputMode="numeric" {...register('salaryMax')} />
        </Field>
        <Field label="Currency" error={errors.currency?.message} hint="3 letters, e.g. USD">
          <Input maxLength={3} {...register('currency')} />
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message} isRequired>
        <TextArea rows={8} maxLength={JOB_LIMITS.descriptionMax} {...register('description')} />
      </Field>
      <Field label="Requirements" error={errors.requirements?.message} hint="One per line">
        <TextArea rows={4} {...register('requirements')} />
      </Field>
      <Field label="Tags" error={errors.tags?.message} hint="Separated by commas, e.g. illustration, motion">
        <Input {...register('tags')} />
      </Field>
      <div className="job-form__row">
        <Field label="Closes on" error={errors.closesAt?.message} hint="Optional; applications stop after this day">
          <Input type="date" {...register('closesAt')} />
        </Field>
      </div>
      <Checkbox
        id="job-active"
        label="Active"
        hint="Listed on the careers page and open to applications."
        {...register('isActive')}
      />
      <div className="job-form__actions">
        <Button type="submit" isLoading={isBusy}>
          {submitLabel}
        </Button>
        <ButtonLink to="/jobs/mine" variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
