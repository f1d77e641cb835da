import type { AuthTokens } from '@atelier/shared';
import type { TestContext } from './app.js';

export const PASSWORD = 'Sturdy1pass';

let counter = 0;

/** A distinct, valid signup for each call. */
export function newSignup(
  overrides: Partial<{
    fullName: string;
    username: string;
    email: string;
    password: string;
    referralCode: string;
  }> = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    fullName: `Test Person ${counter}`,
    username: `user_${tag}`,
    email: `person.${tag}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
}

/** Signs up through the API, as a person would; returns the tokens and what was sent. */
export async function registerUser(
  t: TestContext,
  overrides: Parameters<typeof newSignup>[0] = {},
  headers: Record<string, string> = {},
): Promise<AuthTokens & { signup: ReturnType<typeof newSignup> }> {
  const signup = newSignup(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signup, headers });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json().data as AuthTokens), signup };
}

export async function loginUser(
  t: TestContext,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<AuthTokens> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as AuthTokens;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /users/me with a token; the status says whether the token still works. */
export async function meStatus(t: TestContext, accessToken: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) });
  return res.statusCode;
}
