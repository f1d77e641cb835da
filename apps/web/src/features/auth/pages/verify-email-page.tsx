import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { PageMeta } from '../../../components/page-meta';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../app/errors';
import { emailVerified, userLoaded } from '../auth-slice';
import { useRequestVerificationMutation, useVerifyEmailMutation } from '../auth-api';
import { CodeInput, emptyCode, isCodeComplete } from '../components/code-input';
import { SubmitButton } from '../components/form-fields';
import { SignInPrompt } from '../components/sign-in-prompt';
import '../auth.css';

export function VerifyEmailPage() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));

  return (
    <section className="container auth-page">
      <PageMeta title="Verify your email" description="Confirm the email address of your Atelier account." />
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
        <VerifyEmailForm email={user.email} />
      )}
    </section>
  );
}

function VerifyEmailForm({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [requestVerification, requestState] = useRequestVerificationMutation();
  const [verifyEmail, verifyState] = useVerifyEmailMutation();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [hasSentCode, setHasSentCode] = useState(false);

  const sendCode = async () => {
    try {
      const { message } = await requestVerification().unwrap();
      setHasSentCode(true);
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
        {hasSentCode ? (
          <>
            We sent a 6-digit code to <strong>{email}</strong>. It is valid for 10 minutes.
          </>
        ) : (
          <>
            Press <strong>Send code</strong> and we&apos;ll email a 6-digit code to <strong>{email}</strong>.
          </>
        )}
      </p>
      <div>
        <Button variant="secondary" onClick={sendCode} isLoading={requestState.isLoading}>
          {hasSentCode ? 'Send a new code' : 'Send code'}
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
