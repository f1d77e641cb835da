import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import type { z } from 'zod';
import { JOBS_TEXT, JOB_LIMITS, MSG, createApplicationBody, type Job } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { Button, EmptyState, Field, Input, CheckIcon, TextArea } from '../../../components/ui';
import { useSubmitApplicationMutation } from '../applications-api';

const applyFields = createApplicationBody.omit({ jobId: true });
type ApplyInput = z.input<typeof applyFields>;
type ApplyOutput = z.output<typeof applyFields>;

/** The same checks the server makes on the bytes, made early on what the browser knows. */
function resumeProblem(file: File): string | null {
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return JOBS_TEXT.resumeNotPdf;
  if (file.size > JOB_LIMITS.resumeMaxBytes) return JOBS_TEXT.resumeTooLarge;
  return null;
}

/** Apply to a job: name and email from the account, a cover letter, a portfolio link and an optional PDF. */
export function ApplyForm({ job }: { job: Job }) {
  const user = useAppSelector((s) => s.auth.user);
  const [submit, { isLoading }] = useSubmitApplicationMutation();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | undefined>();
  const [isSubmitted, setIsSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ApplyInput, unknown, ApplyOutput>({
    resolver: zodResolver(applyFields),
    defaultValues: { name: user?.fullName ?? '', email: user?.email ?? '', coverLetter: '', portfolioUrl: '' },
  });
  const letterLength = watch('coverLetter')?.length ?? 0;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? resumeProblem(file) : null;
    setResumeError(problem ?? undefined);
    setResume(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const onSubmit = async (values: ApplyOutput) => {
    if (resumeError) return;
    try {
      const reply = await submit({
        body: { jobId: job.id, ...values, portfolioUrl: values.portfolioUrl ?? null },
        resume,
      }).unwrap();
      toast.success(reply.message || MSG.applications.submitted);
      setIsSubmitted(true);
    } catch (error) {
      toast.error(errorMessage(error, MSG.applications.submitFailed));
    }
  };

  if (isSubmitted) {
    return (
      <EmptyState
        headingLevel="h3"
        icon={<CheckIcon size={24} />}
        title="Application sent"
        description={`${job.company} will review it. You can follow its status under My applications.`}
        action={<Link to="/applications/mine">My applications</Link>}
      />
    );
  }

  return (
    <form className="job-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Apply for this job">
      <Field label="Name" error={errors.name?.message} isRequired>
        <Input autoComplete="name" {...register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message} isRequired>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field
        label="Cover letter"
        error={errors.coverLetter?.message}
        aside={`${letterLength} / ${JOB_LIMITS.coverLetterMax}`}
      >
        <TextArea rows={6} maxLength={JOB_LIMITS.coverLetterMax} {...register('coverLetter')} />
      </Field>
      <Field label="Portfolio URL" error={errors.portfolioUrl?.message} hint="A link to your work, e.g. https://…">
        <Input type="url" inputMode="url" placeholder="https://" {...register('portfolioUrl')} />
      </Field>
      <Field label="Résumé (PDF, optional)" error={resumeError} hint="PDF, up to 5 MB">
        <Input type="file" accept="application/pdf,.pdf" onChange={onFile} />
      </Field>
      <div className="job-form__actions">
        <Button type="submit" isLoading={isLoading}>
          {isLoading ? 'Submitting…' : 'Submit application'}
        </Button>
      </div>
    </form>
  );
}
