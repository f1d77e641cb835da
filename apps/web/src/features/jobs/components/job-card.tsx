import type { Job } from '@atelier/shared';
import { Link } from 'react-router';
import { Badge, Card } from '../../../components/ui';
import { employmentLabel, formatDate, formatSalary } from '../jobs-format';

/** One role on the board: what, where, what kind, what it pays, and a way in. */
export function JobCard({ job }: { job: Job }) {
  const salary = formatSalary(job);
  return (
    <Card as="article" className="job-card" aria-labelledby={`job-${job.id}-title`}>
      <div className="job-card__head">
        <h3 className="job-card__title" id={`job-${job.id}-title`}>
          <Link to={`/careers/${job.id}`}>{job.title}</Link>
        </h3>
        <span className="cluster">
          <Badge tone="accent">{employmentLabel(job)}</Badge>
          {job.isRemote ? <Badge tone="success">Remote</Badge> : null}
          {!job.isAcceptingApplications ? <Badge tone="warning">Closed</Badge> : null}
        </span>
      </div>
      <ul className="job-meta">
        <li>{job.company}</li>
        <li>{job.location}</li>
        {salary ? <li>{salary}</li> : null}
        <li>Posted {formatDate(job.createdAt)}</li>
        {job.closesAt ? <li>Closes {formatDate(job.closesAt)}</li> : null}
      </ul>
      {job.tags.length ? (
        <ul className="job-tags" aria-label="Tags">
          {job.tags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
