import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Person = TestUser;
/** A real account row and a live session, so requests pass the same auth checks as a person's. */
const makePerson = (opts: { role?: 'user' | 'admin'; isVerified?: boolean } = {}): Promise<Person> => createUser(t.deps, opts);

const anon = { headers: {} as Record<string, string> };
type Who = { headers: Record<string, string> };

async function postJob(who: Person, overrides: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    headers: who.headers,
    payload: {
      title: 'Video Editor',
      company: 'Loop Studio',
      location: 'Remote',
      employmentType: 'contract',
      description: 'Cut generated clips into stories.',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`post job failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

function applicationBody(jobId: string, who: Person, overrides: Record<string, unknown> = {}) {
  return {
    jobId,
    name: who.fullName,
    email: who.email,
    coverLetter: 'I cut things.',
    portfolioUrl: 'https://example.com/me',
    ...overrides,
  };
}

async function apply(who: Person, jobId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: who.headers,
    payload: applicationBody(jobId, who, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; status: string };
}

/** A multipart form built by hand, the way a browser sends one. */
function multipart(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----atelier${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'resume'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function countApplications(): Promise<number> {
  const res = await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM applications');
  return res.rows[0]!.n;
}

async function statusOf(id: string): Promise<string> {
  const res = await t.deps.database.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id]);
  return res.rows[0]!.status;
}

const resumeFile = (id: string) => path.join(t.deps.config.dataDir, 'resumes', `${id}.pdf`);

let owner: Person;
let applicant: Person;
let other: Person;
let admin: Person;
let job: { id: string; title: string };

beforeAll(async () => {
  owner = await makePerson();
  applicant = await makePerson();
  other = await makePerson();
  admin = await makePerson({ role: 'admin' });
  job = await postJob(owner);
});

describe('applying', () => {
  it('submits an application once per person and job', async () => {
    const target = await postJob(owner, { title: 'Once only' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: applicant.headers,
      payload: applicationBody(target.id, applicant, { email: applicant.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Application submitted successfully',
      data: {
        jobId: target.id,
        job: { id: target.id, title: 'Once only', company: 'Loop Studio' },
        applicant: { id: applicant.id, fullName: applicant.fullName },
        email: applicant.email,
        status: 'pending',
        hasResume: false,
        portfolioUrl: 'https://example.com/me',
      },
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: applicant.headers,
      payload: applicationBody(target.id, applicant),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied to this job');

    const jobView = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${target.id}` });
    expect(jobView.json().data.applicationCount).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      payload: applicationBody(job.id, applicant),
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not let an owner apply to their own job', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: owner.headers,
      payload: applicationBody(job.id, owner),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot apply to your own job');
  });

  it('refuses inactive and closed jobs', async () => {
    const paused = await postJob(owner, { title: 'Paused', isActive: false });
    const closing = await postJob(owner, {
      title: 'Closing',
      closesAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    const before = await countApplications();
    for (const target of [paused]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/applications',
        headers: other.headers,
        payload: applicationBody(target.id, other),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This job is no longer accepting applications');
    }
    t.clock.advance(120_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: other.headers,
      payload: applicationBody(closing.id, other),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This job is no longer accepting applications');
    expect(await countApplications()).toBe(before);
  });

  it('says when the job does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: other.headers,
      payload: applicationBody(randomUUID(), other),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Job not found');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ portfolioUrl: 'javascript:alert(1)' }, 'Portfolio URL must be a valid http(s) URL'],
    [{ jobId: 'abc' }, 'Please choose a valid job'],
    [{ coverLetter: 'x'.repeat(5001) }, 'Cover letter must be at most 5000 characters'],
  ])('refuses bad input %# with a clear message and stores nothing', async (overrides, message) => {
    const before = await countApplications();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: other.headers,
      payload: applicationBody(job.id, other, overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countApplications()).toBe(before);
  });
});

describe('résumés', () => {
  let withResume: { id: string };
  let resumeJob: { id: string };

  beforeAll(async () => {
    resumeJob = await postJob(owner, { title: 'Needs a résumé' });
  });

  it('accepts a PDF in a multipart form and serves it only to the applicant, the job owner and admins', async () => {
    const form = multipart(
      {
        jobId: resumeJob.id,
        name: applicant.fullName,
        email: applicant.email,
        coverLetter: 'See attached',
        portfolioUrl: '',
      },
      { filename: 'cv.pdf', type: 'application/pdf', data: PDF },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { ...applicant.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ hasResume: true, portfolioUrl: null, coverLetter: 'See attached' });
    withResume = res.json().data;
    expect(fs.existsSync(resumeFile(withResume.id))).toBe(true);

    for (const who of [applicant, owner, admin]) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/applications/${withResume.id}/resume`,
        headers: who.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/applications/${withResume.id}/resume`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/applications/${withResume.id}/resume` })).statusCode,
    ).toBe(401);
  });

  it('refuses a PNG named .pdf, judging by the bytes', async () => {
    const before = await countApplications();
    const form = multipart(
      { jobId: resumeJob.id, name: other.fullName, email: other.email },
      { filename: 'cv.pdf', type: 'application/pdf', data: PNG },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Résumé must be a PDF');
    expect(await countApplications()).toBe(before);
  });

  it('refuses a résumé over 5 MB', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const form = multipart(
      { jobId: resumeJob.id, name: other.fullName, email: other.email },
      { filename: 'cv.pdf', type: 'application/pdf', data: big },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Résumé must be 5MB or smaller');
  });

  it('validates the text fields of a multipart form like JSON', async () => {
    const form = multipart(
      { jobId: resumeJob.id, name: '', email: other.email },
      { filename: 'cv.pdf', type: 'application/pdf', data: PDF },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is required');
  });

  it('says so when an application has no résumé', async () => {
    const target = await postJob(owner, { title: 'No file' });
    const plain = await apply(other, target.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${plain.id}/resume`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This application has no résumé');
  });

  it('removes the file when the application is deleted', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/applications/${withResume.id}`,
      headers: applicant.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Application deleted successfully' });
    expect(fs.existsSync(resumeFile(withResume.id))).toBe(false);
  });
});

describe('reading applications', () => {
  let target: { id: string };
  let mine: { id: string };
  let theirs: { id: string };

  beforeAll(async () => {
    target = await postJob(owner, { title: 'Read matrix' });
    mine = await apply(applicant, target.id);
    theirs = await apply(other, target.id);
  });

  it('shows one application to its applicant, the job owner and admins only', async () => {
    const cases: [Who, number][] = [
      [anon, 401],
      [applicant, 200],
      [owner, 200],
      [admin, 200],
      [other, 404],
    ];
    for (const [who, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/applications/${mine.id}`, headers: who.headers });
      expect(res.statusCode).toBe(status);
    }
  });

  it("lists a job's applications for its owner and admins only", async () => {
    const url = `/api/v1/applications?jobId=${target.id}`;
    const cases: [Who, number][] = [
      [anon, 401],
      [applicant, 403],
      [other, 403],
      [owner, 200],
      [admin, 200],
    ];
    for (const [who, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode).toBe(status);
      if (status === 403)
        expect(res.json().message).toBe('Only the job owner or an administrator can see its applications');
    }
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(
      res
        .json()
        .data.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([mine.id, theirs.id].sort());
    expect(res.json().pagination).toEqual({ page: 1, pageSize: 10, total: 2, totalPages: 1 });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications?jobId=${randomUUID()}`,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists only your own applications without a jobId, and all of them for admins', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/applications?pageSize=100',
      headers: applicant.headers,
    });
    expect(own.statusCode).toBe(200);
    const ownIds = own.json().data.map((a: { id: string; applicant: { id: string } }) => a.applicant.id);
    expect(ownIds.length).toBeGreaterThan(0);
    expect(new Set(ownIds)).toEqual(new Set([applicant.id]));

    const all = await t.app.inject({ method: 'GET', url: '/api/v1/applications?pageSize=100', headers: admin.headers });
    const ids = all.json().data.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/applications' })).statusCode).toBe(401);
  });

  it('lists applications by email only for that person or an admin', async () => {
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/user/${encodeURIComponent(applicant.email.toUpperCase())}`,
      headers: applicant.headers,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().data.map((a: { id: string }) => a.id)).toContain(mine.id);

    const snoop = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/user/${encodeURIComponent(applicant.email)}`,
      headers: other.headers,
    });
    expect(snoop.statusCode).toBe(403);
    expect(snoop.json().message).toBe('You can only see your own applications');

    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/user/${encodeURIComponent(applicant.email)}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.every((a: { applicant: { id: string } }) => a.applicant.id === applicant.id)).toBe(true);
    expect(byAdmin.json().data.map((a: { id: string }) => a.id)).toContain(mine.id);

    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/applications/user/nobody', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/applications/user/${applicant.email}` })).statusCode,
    ).toBe(401);
  });

  it('refuses bad queries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/applications?status=lost', headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Status must be one of pending/);
    const badId = await t.app.inject({ method: 'GET', url: '/api/v1/applications/123', headers: owner.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Application id must be a valid id');
  });
});

describe('changing an application', () => {
  let target: { id: string; title: string };
  let app1: { id: string };

  beforeEach(async () => {
    target = await postJob(owner, { title: `Status job ${randomUUID().slice(0, 4)}` });
    app1 = await apply(applicant, target.id);
    t.mailer.sent.length = 0;
  });

  const put = (who: Who, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/applications/${id}`, headers: who.headers, payload });

  it('lets the job owner set a status and mails the applicant', async () => {
    const res = await put(owner, app1.id, { status: 'reviewed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Application updated successfully', data: { status: 'reviewed' } });
    const mail = t.mailer.last(applicant.email);
    expect(mail?.subject).toBe(`Your application for ${target.title} is now reviewed`);
    expect(mail?.text).toContain('/applications/mine');

    const byAdmin = await put(admin, app1.id, { status: 'interview' });
    expect(byAdmin.statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('mails only the applicant\'s verified account email, never the contact email typed into the form', async () => {
    // Someone who never verified their account applies with a stranger's address …
    const squatter = await makePerson({ isVerified: false });
    const theirs = await apply(squatter, target.id, { email: 'stranger@example.org' });
    // … and a verified applicant gives another address to be contacted at.
    const honest = await makePerson();
    const second = await apply(honest, target.id, { email: 'work-address@example.org' });
    t.mailer.sent.length = 0;
    expect((await put(owner, theirs.id, { status: 'reviewed' })).statusCode).toBe(200);
    expect((await put(owner, second.id, { status: 'reviewed' })).statusCode).toBe(200);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([honest.email]);
    // The job's owner still sees the contact email each applicant gave.
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/applications?jobId=${target.id}`, headers: owner.headers });
    const emails = (list.json().data as { email: string }[]).map((a) => a.email);
    expect(emails).toEqual(expect.arrayContaining(['stranger@example.org', 'work-address@example.org']));
  });

  it("tells the applicant's open tabs about the new status, but not about their own withdrawal", async () => {
    const events: { userId: string; event: string; payload: unknown }[] = [];
    const spy = vi.spyOn(t.deps.realtime, 'toUser').mockImplementation((userId, event, payload) => {
      events.push({ userId, event, payload });
    });
    try {
      expect((await put(owner, app1.id, { status: 'shortlisted' })).statusCode).toBe(200);
      expect(events).toEqual([
        {
          userId: applicant.id,
          event: 'application:updated',
          payload: expect.objectContaining({ applicationId: app1.id, jobId: target.id, jobTitle: target.title, status: 'shortlisted' }),
        },
      ]);
      events.length = 0;
      expect((await put(applicant, app1.id, { status: 'withdrawn' })).statusCode).toBe(200);
      expect(events).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps status changes to the owner and withdrawal to the applicant', async () => {
    const self = await put(applicant, app1.id, { status: 'hired' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('Only the job owner or an administrator can change the status');
    const ownerWithdraw = await put(owner, app1.id, { status: 'withdrawn' });
    expect(ownerWithdraw.statusCode).toBe(403);
    expect(ownerWithdraw.json().message).toBe('Only the applicant can withdraw an application');
    expect((await put(other, app1.id, { status: 'reviewed' })).statusCode).toBe(404);
    expect((await put(anon, app1.id, { status: 'reviewed' })).statusCode).toBe(401);
    expect(await statusOf(app1.id)).toBe('pending');

    const withdraw = await put(applicant, app1.id, { status: 'withdrawn' });
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json().data.status).toBe('withdrawn');
    expect(t.mailer.sent).toHaveLength(0);

    const revive = await put(owner, app1.id, { status: 'reviewed' });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toBe('This application was withdrawn and can no longer change');
  });

  it('lets the applicant edit the cover letter and portfolio only while pending', async () => {
    const edit = await put(applicant, app1.id, { coverLetter: 'Updated letter', portfolioUrl: '' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ coverLetter: 'Updated letter', portfolioUrl: null });
    const byOwner = await put(owner, app1.id, { coverLetter: 'Owner words' });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('Only the applicant can edit the cover letter or portfolio URL');

    await put(owner, app1.id, { status: 'reviewed' });
    const late = await put(applicant, app1.id, { coverLetter: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('You can only edit an application while it is pending');
  });

  it('refuses bad input and changes nothing', async () => {
    const empty = await put(owner, app1.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
    const bad = await put(owner, app1.id, { status: 'promoted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Status must be one of pending, reviewed/);
    expect(await statusOf(app1.id)).toBe('pending');
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('bulk status change', () => {
  let mineA: { id: string };
  let mineB: { id: string };
  let foreign: { id: string };
  let ownJob: { id: string; title: string };

  beforeAll(async () => {
    ownJob = await postJob(owner, { title: 'Bulk job' });
    const elsewhere = await postJob(other, { title: 'Someone else job' });
    mineA = await apply(applicant, ownJob.id);
    mineB = await apply(other, ownJob.id);
    foreign = await apply(applicant, elsewhere.id);
  });

  const bulk = (who: Who, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/applications/bulk-update', headers: who.headers, payload });

  it('changes nothing when one id belongs to someone else, and names it', async () => {
    t.mailer.sent.length = 0;
    const res = await bulk(owner, { ids: [mineA.id, mineB.id, foreign.id], status: 'rejected' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(foreign.id);
    expect(res.json().message).not.toContain(mineA.id);
    expect(await statusOf(mineA.id)).toBe('pending');
    expect(await statusOf(mineB.id)).toBe('pending');
    expect(await statusOf(foreign.id)).toBe('pending');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('changes nothing when one id does not exist, and names it', async () => {
    const ghost = randomUUID();
    const res = await bulk(owner, { ids: [mineA.id, ghost], status: 'rejected' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Applications not found: ${ghost}`);
    expect(await statusOf(mineA.id)).toBe('pending');
  });

  it('refuses bad input', async () => {
    const cases: [object, string][] = [
      [{ ids: [], status: 'reviewed' }, 'Select at least one application'],
      [
        { ids: [mineA.id], status: 'withdrawn' },
        'Status must be one of pending, reviewed, shortlisted, interview, offered, hired, rejected',
      ],
      [{ ids: ['nope'], status: 'reviewed' }, 'Every id must be an application id'],
      [
        { ids: Array.from({ length: 201 }, () => randomUUID()), status: 'reviewed' },
        'At most 200 applications at a time',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await bulk(anon, { ids: [mineA.id], status: 'reviewed' })).statusCode).toBe(401);
    expect((await bulk(applicant, { ids: [mineA.id], status: 'hired' })).statusCode).toBe(403);
    expect(await statusOf(mineA.id)).toBe('pending');
  });

  it('changes all of them for the owner, says how many, and mails each applicant', async () => {
    t.mailer.sent.length = 0;
    const res = await bulk(owner, { ids: [mineA.id, mineB.id, mineA.id], status: 'shortlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { updated: 2, status: 'shortlisted' },
      message: '2 applications updated to shortlisted',
    });
    expect(await statusOf(mineA.id)).toBe('shortlisted');
    expect(await statusOf(mineB.id)).toBe('shortlisted');
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([applicant.email, other.email].sort());
    expect(t.mailer.last(other.email)?.subject).toBe('Your application for Bulk job is now shortlisted');
  });

  it('lets an admin change applications on any job', async () => {
    const res = await bulk(admin, { ids: [mineA.id, foreign.id], status: 'interview' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 applications updated to interview');
    expect(await statusOf(foreign.id)).toBe('interview');
  });

  it('counts by status for the job, and for the caller as applicant, as owner and (admins) overall', async () => {
    const jobStats = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${ownJob.id}/stats`,
      headers: owner.headers,
    });
    expect(jobStats.json().data).toMatchObject({ total: 2, byStatus: { interview: 1, shortlisted: 1, pending: 0 } });

    const asOwner = await t.app.inject({ method: 'GET', url: '/api/v1/applications/stats', headers: other.headers });
    expect(asOwner.statusCode).toBe(200);
    const body = asOwner.json().data;
    expect(body.asOwner).toMatchObject({ total: 1, byStatus: { interview: 1 } });
    expect(body.asApplicant.total).toBeGreaterThanOrEqual(1);
    expect(body).not.toHaveProperty('global');

    const forAdmin = await t.app.inject({ method: 'GET', url: '/api/v1/applications/stats', headers: admin.headers });
    expect(forAdmin.json().data.global.total).toBe(await countApplications());
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/applications/stats' })).statusCode).toBe(401);
  });
});

describe('deleting', () => {
  it('lets the applicant or an admin delete, not the job owner or others', async () => {
    const target = await postJob(owner, { title: 'Delete matrix' });
    const a = await apply(applicant, target.id);
    const b = await apply(other, target.id);
    const del = (who: Who, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/applications/${id}`, headers: who.headers });
    expect((await del(anon, a.id)).statusCode).toBe(401);
    expect((await del(other, a.id)).statusCode).toBe(404);
    const byOwner = await del(owner, a.id);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('Only the applicant or an administrator can delete an application');
    expect((await del(applicant, a.id)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/applications/${a.id}`, headers: applicant.headers }))
        .statusCode,
    ).toBe(404);
    expect((await del(admin, b.id)).statusCode).toBe(200);
  });

  it("deleting a job removes its applications and their résumés, and keeps an applicant's view of an inactive job", async () => {
    const target = await postJob(owner, { title: 'Going away' });
    const form = multipart(
      { jobId: target.id, name: other.fullName, email: other.email },
      { filename: 'cv.pdf', type: 'application/pdf', data: PDF },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    const applied = res.json().data as { id: string };
    expect(fs.existsSync(resumeFile(applied.id))).toBe(true);

    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${target.id}`,
      headers: owner.headers,
      payload: { isActive: false },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${target.id}`, headers: other.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${target.id}`, headers: applicant.headers })).statusCode,
    ).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${target.id}`, headers: owner.headers });
    expect(del.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/applications/${applied.id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(fs.existsSync(resumeFile(applied.id))).toBe(false);
  });
});
