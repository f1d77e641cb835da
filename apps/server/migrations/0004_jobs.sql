-- Jobs and applications (DESIGN.md §8 "Jobs"). Salaries are whole currency units.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  company text NOT NULL,
  location text NOT NULL,
  employment_type text NOT NULL CHECK (employment_type IN ('full_time', 'part_time', 'contract', 'freelance', 'internship')),
  is_remote boolean NOT NULL DEFAULT false,
  salary_min integer CHECK (salary_min >= 0),
  salary_max integer CHECK (salary_max >= 0),
  currency text NOT NULL DEFAULT 'USD',
  description text NOT NULL,
  requirements text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  closes_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT jobs_salary_range CHECK (salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max)
);
CREATE INDEX jobs_owner_idx ON jobs (owner_id, created_at DESC);
CREATE INDEX jobs_active_idx ON jobs (is_active, created_at DESC);
CREATE INDEX jobs_tags_idx ON jobs USING gin (tags);

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  applicant_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  cover_letter text NOT NULL DEFAULT '',
  portfolio_url text,
  has_resume boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'reviewed', 'shortlisted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One application per person per job.
CREATE UNIQUE INDEX applications_job_applicant_key ON applications (job_id, applicant_id);
CREATE INDEX applications_applicant_idx ON applications (applicant_id, created_at DESC);
CREATE INDEX applications_job_status_idx ON applications (job_id, status);
