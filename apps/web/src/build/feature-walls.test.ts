import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint config's feature walls, checked with the repository's own config: a feature reaches
 * another only through its index and never reaches `pages/` or `app/`; `lib/` imports none of `app/`,
 * `features/` and `pages/`; `app/` imports a feature through its index or lazily. Loosening a rule
 * fails here.
 */
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoDir });

/** The wall breaches ESLint reports for `code` placed at `file` (relative to apps/web/src). */
async function breaches(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoDir, 'apps/web/src', file) });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const page = 'features/billing/pages/some-page.tsx';
const rootFile = 'features/content/some-api.ts';
const libFile = 'lib/some-part.ts';
const shellFile = 'app/some-part.ts';
const layoutFile = 'app/layout/some-part.tsx';

describe('feature walls in the lint config', () => {
  // The first lint loads the config, the plugins and the TypeScript parser.
  beforeAll(() => eslint.lintText('', { filePath: path.join(repoDir, 'apps/web/src', page) }), 60_000);

  it.each([
    [page, "import { GenerationLiveUpdates } from '../../generation/components/generation-live-updates';"],
    [page, "import type { Content } from '../../generation/generation-types';"],
    [page, "export { FollowButton } from '../../users/components/follow-button';"],
    [page, "const load = () => import('../../jobs/components/application-updates');"],
    [page, "import { ProfilePage } from '../../../pages/profile-page';"],
    [rootFile, "import { usersApi } from '../users/users-api';"],
    [rootFile, "import '../users/users.css';"],
    [rootFile, "import { ProfilePage } from '../../pages/profile-page';"],
  ])('%s may not say %s', async (file, code) => {
    const found = await breaches(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('only through its index');
  });

  it.each([
    [page, "import { useGetContentByIdQuery } from '../../generation';"],
    [page, "import { useGetContentByIdQuery } from '../../generation/index';"],
    [page, "const load = () => import('../../jobs');"],
    [page, "import { AdminRecordTable } from '../../../components/admin-record-table';"],
    [page, "import { useAppSelector } from '../../../lib/hooks';"],
    [page, "import { api, call } from '../../../lib/api';"],
    [page, "import { renderWithStore } from '../../../testing/render-with-store';"],
    [page, "import { BuyCredits } from '../components/buy-credits';"],
    [rootFile, "import { api } from '../../lib/api';"],
    [rootFile, "import { sendUpload } from './content-upload';"],
    [rootFile, "import { FollowButton } from '../users';"],
  ])('%s may say %s', async (file, code) => {
    expect(await breaches(file, code)).toEqual([]);
  });

  it.each([
    [page, "import { api } from '../../../app/api';"],
    [page, "import { makeStore } from '../../../app/store';"],
    [page, "import { Layout } from '../../../app/layout/layout';"],
    [page, "const load = () => import('../../../app/router');"],
    [rootFile, "import type { AppStore } from '../../app/store';"],
    ['pages/home-page.tsx', "import { makeStore } from '../app/store';"],
    ['pages/parts/home-hero.tsx', "import { AppRoutes } from '../../app/router';"],
  ])('%s may not reach the shell: %s', async (file, code) => {
    const found = await breaches(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('never imports `app/`');
  });

  it.each([
    [libFile, "import { makeStore } from '../app/store';"],
    [libFile, "import { loggedOut } from '../features/auth/auth-slice';"],
    [libFile, "import { loggedOut } from '../features/auth';"],
    [libFile, "import type { AuthState } from '../features/auth';"],
    [libFile, "import { HomePage } from '../pages/home-page';"],
    [libFile, "const load = () => import('../features/auth');"],
  ])('%s may not import upwards: %s', async (file, code) => {
    const found = await breaches(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('imports no `app/`, `features/` or `pages/`');
  });

  it.each([
    [shellFile, "import { authReducer } from '../features/auth/auth-slice';"],
    [shellFile, "import { AuthRoot } from '../features/auth/components/auth-root';"],
    [layoutFile, "import { uiActions } from '../../features/ui/ui-slice';"],
  ])('%s reaches a feature through its index: %s', async (file, code) => {
    const found = await breaches(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('through its index');
  });

  it.each([
    [shellFile, "import { authReducer } from '../features/auth';"],
    [shellFile, "import { authReducer } from '../features/auth/index';"],
    [shellFile, "import { makeStore } from './store';"],
    [shellFile, "import { configureAppStore } from '../lib/store';"],
    [layoutFile, "import { AuthRoot } from '../../features/auth';"],
    [layoutFile, "const Bell = () => import('../../features/notifications/components/notification-bell');"],
    [libFile, "import { tokenStore } from './token-store';"],
    [libFile, "import { Button } from '../components/ui';"],
  ])('%s may say %s', async (file, code) => {
    expect(await breaches(file, code)).toEqual([]);
  });
});
