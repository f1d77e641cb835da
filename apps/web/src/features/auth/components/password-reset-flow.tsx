import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { forgotPasswordBody, MSG, newPassword } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import {
  authErrorSet,
  otpVerified,
  passwordResetDone,
  passwordResetRequested,
  passwordResetRestarted,
} from '../auth-slice';
import { useForgotPasswordMutation, useResetPasswordMutation, useVerifyResetOtpMutation } from '../auth-api';
import { CodeInput, emptyCode, isCodeComplete } from './code-input';
import { PasswordField, SubmitButton, TextField } from './form-fields';
import { PASSWORD_HINT } from './signup-form';
import { Button } from '../../../components/ui';

/** New password and its confirmation, with the spec's texts in the spec's order. */
export const newPasswordForm = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.validation.passwordsMismatch,
  });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

/**
 * The three-step reset: email, six-digit code, new password, then a success screen. Which step shows
 * follows the auth state (spec §4), so the code step survives closing and reopening the modal.
 */
export function PasswordResetFlow({ onReturnToLogin }: { onReturnToLogin: () => void }) {
  const {
    passwordResetRequested: isRequested,
    otpVerified: isVerified,
    resetToken,
    resetEmail,
  } = useAppSelector((s) => s.auth);
  const [isDone, setIsDone] = useState(false);
  const step = isDone ? 'done' : isVerified && resetToken ? 'password' : isRequested && resetEmail ? 'code' : 'email';
  // Each step replaces the form that had focus, so each step's first control takes focus (autoFocus).
  return (
    <div className="auth-reset-flow">
      {step === 'done' && (
        <div className="auth-reset auth-reset--done">
          <h3 className="auth-reset__title">Password Reset Successful</h3>
          <p>Your password has been changed. Sign in with your new password.</p>
          <Button isFullWidth autoFocus onClick={onReturnToLogin}>
            Return to Login
          </Button>
        </div>
      )}
      {step === 'password' && <NewPasswordStep resetToken={resetToken!} onDone={() => setIsDone(true)} />}
      {step === 'code' && <CodeStep email={resetEmail!} />}
      {step === 'email' && <EmailStep defaultEmail={resetEmail ?? ''} onBack={onReturnToLogin} />}
    </div>
  );
}

function EmailStep({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const dispatch = useAppDispatch();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    dispatch(authErrorSet(null));
    try {
      await forgotPassword({ email }).unwrap();
      dispatch(passwordResetRequested(email));
    } catch (err) {
      dispatch(authErrorSet(errorMessage(err, MSG.auth.requestPasswordResetFailed)));
    }
  });

  return (
    <form className="auth-form auth-reset" noValidate onSubmit={onSubmit}>
      <p className="auth-reset__intro">
        Enter the email address of your account and we&apos;ll send you a 6-digit code.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton isLoading={isLoading} label="Send Reset Link" loadingLabel="Sending…" />
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}

function CodeStep({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [verifyResetOtp, { isLoading }] = useVerifyResetOtpMutation();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    dispatch(authErrorSet(null));
    if (!isCodeComplete(digits)) {
      setCodeError(MSG.validation.codeIncomplete);
      return;
    }
    setCodeError(null);
    try {
      const { resetToken } = await verifyResetOtp({ email, code: digits.join('') }).unwrap();
      dispatch(otpVerified(resetToken));
    } catch (err) {
      dispatch(authErrorSet(errorMessage(err, MSG.auth.invalidCode)));
    }
  };

  return (
    <form className="auth-form auth-reset" noValidate onSubmit={onSubmit}>
      <p className="auth-reset__intro">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below; it is valid for 10 minutes.
      </p>
      <CodeInput
        label="Verification code"
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          if (codeError && isCodeComplete(next)) setCodeError(null);
        }}
        error={codeError}
        autoFocus
      />
      <SubmitButton isLoading={isLoading} label="Verify Code" loadingLabel="Verifying…" />
      <p className="auth-switch">
        Didn&apos;t get the code?{' '}
        <button
          type="button"
          className="auth-link"
          onClick={() => {
            dispatch(authErrorSet(null));
            dispatch(passwordResetRestarted());
          }}
        >
          Resend
        </button>
      </p>
    </form>
  );
}

function NewPasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword: password }) => {
    dispatch(authErrorSet(null));
    try {
      await resetPassword({ resetToken, newPassword: password }).unwrap();
      dispatch(passwordResetDone());
      onDone();
    } catch (err) {
      dispatch(authErrorSet(errorMessage(err, MSG.auth.resetPasswordFailedRetry)));
    }
  });

  return (
    <form className="auth-form auth-reset" noValidate onSubmit={onSubmit}>
      <p className="auth-reset__intro">Choose a new password for your account.</p>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        required
        hint={PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton isLoading={isLoading} label="Reset Password" loadingLabel="Resetting…" />
    </form>
  );
}
