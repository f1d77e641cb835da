import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { emailVerified, userLoaded } from '../auth-slice';
import { useRequestVerificationMutation, useVerifyEmailMutation } from '../auth-api';
import { CodeInput, emptyCode, isCodeComplete } from '../components/code-input';
import { SubmitButton } from '../components/form-fields';
import { SignInPrompt } from '../../../lib/sign-in-prompt';
import '../auth.css';

export function VerifyEmailPage() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));

  return (
    <section className="container auth-page">
      <SitePageMeta path="/verify-email" description="Confirm the email address of your Atelier account." />
      <h1>Verify your email</h1>
      {!user ? (
        <SignInPrompt
          title="Sign in to verify your email"
          text="Email verification belongs to your account, so sign in first and we'll send the code to the address you signed up with."
        />
      ) : user.isVerified ? (
        <div className="auth-panel">
          <p className="auth-success" role="status">
            Your email address {user.email} is verified.
          </p>
          <Link to="/">Back to home</Link>
        </div>
      ) : (
        <VerifyEmailForm email={user.email} userId={user.id} signedUpAt={user.createdAt} />
      )}
    </section>
  );
}

/** How long after a code was mailed before another may be asked for. */
export const RESEND_COOLDOWN_SECONDS = 60;

const resentKey = (userId: string) => `verify-code-resent-at:${userId}`;

function lastResentAt(userId: string): number | null {
  const stored = Number(sessionStorage.getItem(resentKey(userId)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Seconds left before "Send a new code" opens again, counted from the last mail (sign-up or resend). */
function secondsUntil(sentAt: number): number {
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
}

/** Seconds left before "Send a new code" opens again, counted from the last mail (sign-up or resend). */
function useCooldown(sentAt: number): number {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(sentAt));
  useEffect(() => {
    setSecondsLeft(secondsUntil(sentAt));
    const timer = window.setInterval(() => {
      const next = secondsUntil(sentAt);
      setSecondsLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return secondsLeft;
}

function VerifyEmailForm({ email, userId, signedUpAt }: { email: string; userId: string; signedUpAt: string }) {
  const dispatch = useAppDispatch();
  const [requestVerification, requestState] = useRequestVerificationMutation();
  const [verifyEmail, verifyState] = useVerifyEmailMutation();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The code is mailed at sign-up; a resend (kept for this tab) replaces it.
  const [resentAt, setResentAt] = useState(() => lastResentAt(userId));
  const sentAt = resentAt ?? (Date.parse(signedUpAt) || 0);
  const secondsLeft = useCooldown(sentAt);

  const sendCode = async () => {
    try {
      const { message } = await requestVerification().unwrap();
      const now = Date.now();
      sessionStorage.setItem(resentKey(userId), String(now));
      setResentAt(now);
      toast.success(message ?? `We sent a 6-digit code to ${email}`);
    } catch (err) {
      toast.error(errorMessage(err, MSG.auth.requestVerificationFailed));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete(digits)) {
      setCodeError(MSG.validation.codeIncomplete);
      return;
    }
    setCodeError(null);
    try {
      const { user, message } = await verifyEmail({ code: digits.join('') }).unwrap();
      dispatch(userLoaded(user));
      dispatch(emailVerified());
      toast.success(message ?? 'Your email has been verified');
    } catch (err) {
      setCodeError(errorMessage(err, MSG.auth.verifyEmailFailed));
    }
  };

  return (
    <div className="auth-panel">
      <p>
        {resentAt ? (
          <>
            We sent a new 6-digit code to <strong>{email}</strong>. It is valid for 10 minutes.
          </>
        ) : (
          <>
            We emailed a 6-digit code to <strong>{email}</strong> when you signed up. Enter it below; it is valid for 10
            minutes.
          </>
        )}
      </p>
      <div className="verify-resend">
        <span className="small muted">Didn&apos;t get it, or did it expire?</span>{' '}
        <Button
          variant="secondary"
          size="sm"
          onClick={sendCode}
          isLoading={requestState.isLoading}
          disabled={secondsLeft > 0}
        >
          {secondsLeft > 0 ? `Send a new code in ${secondsLeft}s` : 'Send a new code'}
        </Button>
      </div>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <CodeInput
          label="Verification code"
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            if (codeError && isCodeComplete(next)) setCodeError(null);
          }}
          error={codeError}
        />
        <SubmitButton isLoading={verifyState.isLoading} label="Verify email" loadingLabel="Verifying…" />
      </form>
    </div>
  );
}
