import type { AdminGenerationModels } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    GENERATION_PROVIDER: 'local',
    GENERATION_ROUTES: 'runway-gen3=runway,luma-dream=luma,pika-labs=fal,flux-*=fal,vector/*=runway',
    RUNWAYML_API_SECRET: 'key_test',
    LUMAAI_API_KEY: 'luma_test',
    FAL_KEY: 'fal_test',
    GENERATION_COSTS: 'runway-gen3=0.50,flux-pro=0.05,flux-*=0.025',
  });
  admin = await createUser(t.deps, { role: 'admin' });
  member = await createUser(t.deps);
});
afterAll(async () => t.close());

const get = (user?: TestUser) => t.app.inject({ method: 'GET', url: '/api/v1/admin/generation/models', headers: user?.headers });

describe('GET /admin/generation/models', () => {
  it('is for admins only: 401 anonymous, 403 member', async () => {
    expect((await get()).statusCode).toBe(401);
    const forbidden = await get(member);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only administrators can do that');
  });

  it('shows the provider and vendor endpoint of every model, and its margin against the cheapest credit', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as AdminGenerationModels;
    // Studio pack: $40 for 1,200 + 200 credits is the least a credit sells for.
    expect(data.creditValueUsd).toBe(0.0286);
    expect(data.creditValueSource).toBe('credit product “Studio pack”');
    const row = (type: string, model: string) => data.models.find((m) => m.contentType === type && m.model === model);
    expect(data.models).toHaveLength(10);
    expect(row('video', 'runway-gen3')).toEqual({
      contentType: 'video',
      model: 'runway-gen3',
      name: 'Runway Gen-3',
      provider: 'runway',
      endpoint: 'Runway gen4.5 (text_to_video / image_to_video)',
      credits: 25,
      chargedUsd: 0.7143,
      costUsd: 0.5,
      marginUsd: 0.2143,
      marginPercent: 30,
    });
    expect(row('video', 'luma-dream')).toMatchObject({ provider: 'luma', endpoint: 'Luma ray-2', costUsd: null, marginUsd: null });
    expect(row('video', 'pika-labs')).toMatchObject({ provider: 'fal', endpoint: 'fal.ai fal-ai/pika/v2.2/text-to-video' });
    expect(row('photo', 'flux-pro')).toMatchObject({ provider: 'fal', endpoint: 'fal.ai fal-ai/flux-pro/v1.1', costUsd: 0.05, chargedUsd: 0.2857 });
    expect(row('photo', 'flux-schnell')).toMatchObject({ costUsd: 0.025 });
    // A route to a vendor that does not make the model is shown as such.
    expect(row('vector', 'stable-diffusion-xl')).toMatchObject({ provider: 'runway', endpoint: null });
    expect(row('gif', 'stable-diffusion-xl')).toMatchObject({ provider: 'local', costUsd: 0, marginPercent: 100 });
  });
});
