import { SitePageMeta } from '../components/site-page-meta';
import { Card } from '../components/ui';
import { JobBoard } from '../features/jobs/components/job-board';
import { PageHeader } from './parts/page-header';
import './pages.css';

const HOW_IT_WORKS = [
  {
    title: 'For creators',
    text: 'Browse open roles from studios, agencies and members, and apply with a short cover letter and a link to your portfolio. Follow each application from review to offer.',
  },
  {
    title: 'For people hiring',
    text: 'Verified members can post a role with its location, type, salary range and requirements, then review, shortlist and answer applicants from one place.',
  },
];

export function CareersPage() {
  return (
    <>
      <SitePageMeta
        path="/careers"
        description="Creative jobs on Atelier: open roles from studios, agencies and members, for illustrators, motion designers, prompt artists and more."
      />
      <PageHeader
        eyebrow="Careers"
        title="Find creative work, or the people to do it"
        lead="The Atelier jobs board brings together roles for illustrators, motion designers, photographers and prompt artists, posted by studios, agencies and members of the community."
      />

      <section className="section section--tight">
        <div className="container">
          <div className="grid">
            {HOW_IT_WORKS.map((item) => (
              <Card key={item.title}>
                <h2 className="h4">{item.title}</h2>
                <p className="muted mt-4">{item.text}</p>
              </Card>
            ))}
          </div>

          <div className="section-heading mt-10">
            <h2>Open roles</h2>
          </div>
          <div className="mt-6">
            <JobBoard />
          </div>
        </div>
      </section>
    </>
  );
}
