import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function jobBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Senior Illustrator',
    company: 'Atelier Studio',
    location: 'Lisbon',
    employmentType: 'full_time',
    isRemote: false,
    salaryMin: 40000,
    salaryMax: 60000,
    currency: 'eur',
    description: 'Draw the things our models cannot.',
    requirements: ['Portfolio', '3 years of experience'],
    tags: ['Art', 'illustration', 'art'],
    ...overrides,
  };
}

async function postJob(who: Person, overrides: Record<string, unknown> = {}) {
  // The test clock stands still; one second apart gives every job its own place in newest-first order.
  t.clock.advance(1000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    headers: who.headers,
    payload: jobBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`post job failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; title: string; isActive: boolean };
}

async function countJobs(): Promise<number> {
  const res = await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
  return res.rows[0]!.n;
}

let owner: Person;
let other: Person;
let unverified: Person;
let admin: Person;

beforeAll(async () => {
  owner = await makePerson();
  other = await makePerson();
  unverified = await makePerson({ isVerified: false });
  admin = await makePerson({ role: 'admin', isVerified: false });
});

describe('posting a job', () => {
  it('creates the job for a verified user, with the owner, normalised tags and the spec text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', headers: owner.headers, payload: jobBody() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Job created successfully');
    expect(body.data).toMatchObject({
      title: 'Senior Illustrator',
      company: 'Atelier Studio',
      employmentType: 'full_time',
      salaryMin: 40000,
      salaryMax: 60000,
      currency: 'EUR',
      tags: ['art', 'illustration'],
      requirements: ['Portfolio', '3 years of experience'],
      isActive: true,
      closesAt: null,
      isAcceptingApplications: true,
      applicationCount: 0,
      owner: { id: owner.id, username: owner.username },
    });
  });

  it('asks an unverified user to verify first, and lets an admin post', async () => {
    const before = await countJobs();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: unverified.headers,
      payload: jobBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email before posting jobs');
    expect(await countJobs()).toBe(before);

    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: admin.headers,
      payload: jobBody(),
    });
    expect(byAdmin.statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: jobBody() });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ company: '   ' }, 'Company is required'],
    [{ employmentType: 'gig' }, 'Employment type must be one of full_time, part_time, contract, freelance, internship'],
    [{ salaryMin: 90000, salaryMax: 10000 }, 'Minimum salary cannot be greater than maximum salary'],
    [{ salaryMin: 10.5 }, 'Minimum salary must be a whole number'],
    [{ salaryMax: -1 }, 'Maximum salary cannot be negative'],
    [{ currency: 'euro' }, 'Currency must be a 3-letter code such as USD'],
    [{ closesAt: 'next week' }, 'Closing date must be an ISO date and time'],
    [{ closesAt: '2001-01-01T00:00:00Z' }, 'The closing date must be in the future'],
    [{ tags: 'art' }, 'Tags must be a list of texts'],
  ])('refuses bad input %j with a clear message and stores nothing', async (overrides, message) => {
    const before = await countJobs();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: owner.headers,
      payload: jobBody(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countJobs()).toBe(before);
  });

  it('ignores fields it does not know instead of storing them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: owner.headers,
      payload: { ...jobBody(), ownerId: other.id, applicationCount: 99 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.owner.id).toBe(owner.id);
    expect(res.json().data.applicationCount).toBe(0);
  });
});

describe('who may read, change and delete a job', () => {
  let active: { id: string };
  let inactive: { id: string };

  beforeAll(async () => {
    active = await postJob(owner, { title: 'Matrix active' });
    inactive = await postJob(owner, { title: 'Matrix hidden', isActive: false });
  });

  it('shows an active job to everyone and an inactive one only to its owner and admins', async () => {
    for (const who of [anon, owner, other, admin]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${active.id}`, headers: who.headers });
      expect(res.statusCode).toBe(200);
    }
    const expected: [typeof anon, number][] = [
      [anon, 404],
      [other, 404],
      [owner, 200],
      [admin, 200],
    ];
    for (const [who, status] of expected) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${inactive.id}`, headers: who.headers });
      expect(res.statusCode).toBe(status);
    }
  });

  it('lists inactive jobs only for their owner (owner=me) and admins', async () => {
    const titles = async (who: typeof anon, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs?pageSize=100${query}`, headers: who.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { title: string }[]).map((j) => j.title);
    };
    expect(await titles(anon)).toContain('Matrix active');
    expect(await titles(anon)).not.toContain('Matrix hidden');
    expect(await titles(other)).not.toContain('Matrix hidden');
    expect(await titles(owner)).toContain('Matrix hidden');
    expect(await titles(admin)).toContain('Matrix hidden');
    const mine = await titles(owner, '&owner=me');
    expect(mine).toContain('Matrix hidden');
    expect(mine.every((title) => title !== 'Job by other')).toBe(true);
    const otherMine = await titles(other, '&owner=me');
    expect(otherMine).not.toContain('Matrix active');

    const unauth = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?owner=me' });
    expect(unauth.statusCode).toBe(401);
  });

  it('lets only the owner or an admin change a job', async () => {
    const put = (who: typeof anon, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/jobs/${active.id}`, headers: who.headers, payload });
    expect((await put(anon, { title: 'x' })).statusCode).toBe(401);
    const denied = await put(other, { title: 'Hijacked' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only the job owner or an administrator can do that');

    const mine = await put(owner, { title: 'Matrix renamed', salaryMax: 70000 });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      message: 'Job updated successfully',
      data: { title: 'Matrix renamed', salaryMax: 70000, salaryMin: 40000 },
    });

    const byAdmin = await put(admin, { isActive: false });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.isActive).toBe(false);
    expect(byAdmin.json().data.title).toBe('Matrix renamed');
  });

  it('checks an update against the stored values and changes nothing on bad input', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${active.id}`,
      headers: owner.headers,
      payload: { salaryMin: 99999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Minimum salary cannot be greater than maximum salary');
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/${active.id}`,
      headers: owner.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/not-an-id',
      headers: owner.headers,
      payload: { title: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Job id must be a valid id');
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${active.id}`, headers: owner.headers });
    expect(after.json().data.salaryMin).toBe(40000);
  });

  it('shows application stats only to the owner and admins', async () => {
    const expected: [typeof anon, number][] = [
      [anon, 401],
      [other, 403],
      [owner, 200],
      [admin, 200],
    ];
    for (const [who, status] of expected) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${active.id}/stats`, headers: who.headers });
      expect(res.statusCode).toBe(status);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${active.id}/stats`, headers: owner.headers });
    expect(res.json().data).toEqual({
      total: 0,
      byStatus: {
        pending: 0,
        reviewed: 0,
        shortlisted: 0,
        interview: 0,
        offered: 0,
        hired: 0,
        rejected: 0,
        withdrawn: 0,
      },
    });
  });

  it('lets only the owner or an admin delete a job', async () => {
    const victim = await postJob(owner, { title: 'To delete' });
    const del = (who: typeof anon, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}`, headers: who.headers });
    expect((await del(anon, victim.id)).statusCode).toBe(401);
    expect((await del(other, victim.id)).statusCode).toBe(403);
    const ok = await del(owner, victim.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: null, message: 'Job deleted successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${victim.id}` })).statusCode).toBe(404);
    expect((await del(owner, victim.id)).statusCode).toBe(404);

    const second = await postJob(owner, { title: 'Admin deletes' });
    expect((await del(admin, second.id)).statusCode).toBe(200);
  });
});

describe('finding jobs', () => {
  let poster: Person;
  beforeAll(async () => {
    poster = await makePerson();
    await postJob(poster, {
      title: 'Find: Motion designer',
      company: 'Loopworks',
      location: 'Berlin',
      employmentType: 'contract',
      isRemote: true,
      tags: ['motion'],
    });
    await postJob(poster, {
      title: 'Find: Prompt writer',
      company: 'Wordsmith',
      location: 'Paris',
      employmentType: 'part_time',
      description: 'Write 100% great prompts_daily',
      tags: ['writing'],
    });
    await postJob(poster, {
      title: 'Find: Vector intern',
      company: 'Pathfinders',
      location: 'Berlin Mitte',
      employmentType: 'internship',
      tags: ['vector', 'motion'],
    });
  });

  const search = async (query: string, url = '/api/v1/jobs') => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?pageSize=100&${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { title: string }[]).map((j) => j.title).filter((title) => title.startsWith('Find:'));
  };

  it('filters by text, location, type, remote and tag', async () => {
    expect(await search('q=loopworks')).toEqual(['Find: Motion designer']);
    expect(await search('q=100%25')).toEqual(['Find: Prompt writer']);
    expect(await search('q=ts_d')).toEqual(['Find: Prompt writer']);
    expect(await search('location=berlin')).toEqual(['Find: Vector intern', 'Find: Motion designer']);
    expect(await search('employmentType=part_time')).toEqual(['Find: Prompt writer']);
    expect(await search('isRemote=true')).toEqual(['Find: Motion designer']);
    expect(await search('tag=Motion')).toEqual(['Find: Vector intern', 'Find: Motion designer']);
    expect(await search('tag=motion&location=berlin&employmentType=internship')).toEqual(['Find: Vector intern']);
  });

  it('pages with totals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?q=Find:&page=2&pageSize=2' });
    expect(res.json().pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(res.json().data).toHaveLength(1);
  });

  it('refuses bad filters', async () => {
    for (const [query, message] of [
      ['isRemote=maybe', 'isRemote must be true or false'],
      ['employmentType=gig', 'Employment type must be one of full_time, part_time, contract, freelance, internship'],
      ['owner=someone', "owner can only be 'me'"],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs/active?pageSize=1000' })).statusCode).toBe(400);
  });

  it('lists as active only jobs that are active and not past their closing date', async () => {
    const soon = new Date(t.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    await postJob(poster, { title: 'Find: Closing soon', closesAt: soon });
    await postJob(poster, { title: 'Find: Paused', isActive: false });
    const before = await search('', '/api/v1/jobs/active');
    expect(before).toContain('Find: Closing soon');
    expect(before).not.toContain('Find: Paused');
    expect(await search('location=paris', '/api/v1/jobs/active')).toEqual(['Find: Prompt writer']);

    t.clock.advance(2 * 60 * 60 * 1000);
    const after = await search('', '/api/v1/jobs/active');
    expect(after).not.toContain('Find: Closing soon');
    expect(after).toContain('Find: Motion designer');
    const closed = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?q=Closing%20soon' });
    expect(closed.json().data[0].isAcceptingApplications).toBe(false);
  });
});

describe('documentation', () => {
  it('documents the job routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths).toHaveProperty('/api/v1/jobs');
    expect(paths).toHaveProperty('/api/v1/jobs/{id}/stats');
    expect(paths).toHaveProperty('/api/v1/applications/bulk-update');
  });
});
