import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@atelier/shared';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, meStatus, registerUser } from './auth-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

const RESET_SENT = { data: null, message: 'If an account exists for this email, a reset code has been sent' };

/** Asks for a reset code (typed as `typed`, e.g. in another case) and reads it from the mail. */
async function requestReset(email: string, typed = email): Promise<string> {
  const res = await post('/auth/forgot-password', { email: typed });
  expect(res.json()).toEqual(RESET_SENT);
  // The code is made and mailed after the reply.
  await t.app.afterReply.idle();
  return t.mailer.lastCode(email);
}

describe('password reset', () => {
  it('forgot → code → reset token → new password, and every session is signed out', async () => {
    const account = await registerUser(t);
    const email = account.signup.email;
    const mailsBefore = t.mailer.sent.length;
    const code = await requestReset(email, email.toUpperCase());
    expect(t.mailer.sent.length).toBe(mailsBefore + 1);
    expect(t.mailer.last(email)?.subject).toContain('password reset');

    const verified = await post('/auth/verify-reset-otp', { email, code });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json().data;
    expect(resetToken).toEqual(expect.any(String));

    const reset = await post('/auth/reset-password', { resetToken, newPassword: 'Fresh1password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ data: null, message: 'Your password has been reset' });

    expect(await meStatus(t, account.accessToken)).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: account.refreshToken })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'Fresh1password' })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await post('/auth/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESET_SENT);
    await t.app.afterReply.idle();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('replies before it looks the account up, hashes a code or mails it, so timing tells nothing', async () => {
    const { signup } = await registerUser(t);
    const codes = async () =>
      (await t.deps.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM one_time_codes c JOIN users u ON u.id = c.user_id
         WHERE lower(u.email) = $1 AND c.purpose = 'password_reset'`,
        [signup.email.toLowerCase()],
      )).rows[0]?.n;
    const mailsBefore = t.mailer.sent.length;
    const known = await post('/auth/forgot-password', { email: signup.email });
    // Nothing of the account's work has happened when the reply arrives …
    expect(await codes()).toBe(0);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    const unknown = await post('/auth/forgot-password', { email: 'nobody.at.all@example.com' });
    // … and the two replies are the same, byte for byte, headers included.
    const strip = (h: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, ...rest } = h;
      return rest;
    };
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(strip(known.headers)).toEqual(strip(unknown.headers));
    // The code is made and mailed afterwards.
    await t.app.afterReply.idle();
    expect(await codes()).toBe(1);
    expect(t.mailer.last(signup.email)?.subject).toContain('password reset');
  });

  it('validates the email and the code format', async () => {
    const badEmail = await post('/auth/forgot-password', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const shortCode = await post('/auth/verify-reset-otp', { email: 'a@example.com', code: '123' });
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().message).toBe(MSG.validation.codeIncomplete);
  });

  it('kills the code at the fifth wrong attempt, even for the right code afterwards', async () => {
    const { signup } = await registerUser(t);
    const code = await requestReset(signup.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/verify-reset-otp', { email: signup.email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.auth.invalidCode);
    }
    const right = await post('/auth/verify-reset-otp', { email: signup.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MSG.auth.invalidCode);
  });

  it('still accepts the right code after four wrong attempts', async () => {
    const { signup } = await registerUser(t);
    const code = await requestReset(signup.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await post('/auth/verify-reset-otp', { email: signup.email, code: wrong });
    expect((await post('/auth/verify-reset-otp', { email: signup.email, code })).statusCode).toBe(200);
  });

  it('expires the code after 10 minutes', async () => {
    const { signup } = await registerUser(t);
    const code = await requestReset(signup.email);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await post('/auth/verify-reset-otp', { email: signup.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.auth.invalidCode);
  });

  it('a new request replaces the earlier code, and a code works only once', async () => {
    const { signup } = await registerUser(t);
    const older = await requestReset(signup.email);
    const newer = await requestReset(signup.email);
    if (older !== newer) {
      expect((await post('/auth/verify-reset-otp', { email: signup.email, code: older })).statusCode).toBe(400);
    }
    expect((await post('/auth/verify-reset-otp', { email: signup.email, code: newer })).statusCode).toBe(200);
    expect((await post('/auth/verify-reset-otp', { email: signup.email, code: newer })).statusCode).toBe(400);
  });

  it('a reset token works once and expires after 15 minutes', async () => {
    const { signup } = await registerUser(t);
    const code = await requestReset(signup.email);
    const { resetToken } = (await post('/auth/verify-reset-otp', { email: signup.email, code })).json().data;
    expect((await post('/auth/reset-password', { resetToken, newPassword: 'First1change' })).statusCode).toBe(200);
    const again = await post('/auth/reset-password', { resetToken, newPassword: 'Second1change' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.auth.resetPasswordFailedRetry);
    expect((await post('/auth/login', { email: signup.email, password: 'First1change' })).statusCode).toBe(200);

    const code2 = await requestReset(signup.email);
    const late = (await post('/auth/verify-reset-otp', { email: signup.email, code: code2 })).json().data.resetToken;
    t.clock.advance(15 * 60 * 1000 + 1000);
    const expired = await post('/auth/reset-password', { resetToken: late, newPassword: 'Third1change' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(MSG.auth.resetPasswordFailedRetry);
  });

  it('refuses a made-up reset token and a weak new password', async () => {
    const bad = await post('/auth/reset-password', { resetToken: 'made-up', newPassword: 'Valid1password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.auth.resetPasswordFailedRetry);
    const weak = await post('/auth/reset-password', { resetToken: 'made-up', newPassword: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.validation.passwordUpper);
  });

  it('gives an unknown email the same answer as a wrong code', async () => {
    const res = await post('/auth/verify-reset-otp', { email: 'ghost@example.com', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.auth.invalidCode);
  });
});

describe('email verification', () => {
  it('verifies with the code mailed at signup', async () => {
    const account = await registerUser(t);
    const code = t.mailer.lastCode(account.signup.email);
    const res = await post('/auth/verify-email', { code }, bearer(account.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: account.user.id, isVerified: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(account.accessToken) });
    expect(me.json().data.user.isVerified).toBe(true);

    const again = await post('/auth/request-verification', undefined, bearer(account.accessToken));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your email is already verified');
  });

  it('a requested code replaces the signup code', async () => {
    const account = await registerUser(t);
    const signupCode = t.mailer.lastCode(account.signup.email);
    const res = await post('/auth/request-verification', undefined, bearer(account.accessToken));
    expect(res.statusCode).toBe(200);
    const newCode = t.mailer.lastCode(account.signup.email);
    if (newCode !== signupCode) {
      expect((await post('/auth/verify-email', { code: signupCode }, bearer(account.accessToken))).statusCode).toBe(
        400,
      );
    }
    expect((await post('/auth/verify-email', { code: newCode }, bearer(account.accessToken))).statusCode).toBe(200);
  });

  it('refuses a wrong or expired code and leaves the account unverified', async () => {
    const account = await registerUser(t);
    const code = t.mailer.lastCode(account.signup.email);
    const wrong = await post(
      '/auth/verify-email',
      { code: code === '000000' ? '111111' : '000000' },
      bearer(account.accessToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.auth.invalidCode);
    t.clock.advance(11 * 60 * 1000);
    const late = await post('/auth/verify-email', { code }, bearer(account.accessToken));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MSG.auth.invalidCode);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(account.accessToken) });
    expect(me.json().data.user.isVerified).toBe(false);
  });

  it('needs a signed-in caller', async () => {
    expect((await post('/auth/verify-email', { code: '123456' })).statusCode).toBe(401);
    expect((await post('/auth/request-verification')).statusCode).toBe(401);
  });
});
