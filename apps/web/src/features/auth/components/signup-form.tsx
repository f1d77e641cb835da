import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, registerBody, type RegisterBody } from '@atelier/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { authErrorSet } from '../auth-slice';
import { useRegisterMutation } from '../auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { PasswordField, SubmitButton, TextField } from './form-fields';
import { SocialSignIn } from './social-sign-in';
import type { AuthModalMode } from '../../ui';

export const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

/** A referral link carries the inviter's code as ?ref=…, so it survives until the person signs up. */
function referralCodeFromUrl(): string {
  return new URLSearchParams(window.location.search).get('ref')?.trim() ?? '';
}

export function SignupForm({ onSwitchMode }: { onSwitchMode: (mode: AuthModalMode) => void }) {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [registerAccount, { isLoading }] = useRegisterMutation();
  const [initialReferral] = useState(referralCodeFromUrl);
  const [hasReferralField, setHasReferralField] = useState(initialReferral !== '');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { fullName: '', username: '', email: '', password: '', referralCode: initialReferral },
  });

  const onSubmit = handleSubmit(async ({ referralCode, ...values }) => {
    dispatch(authErrorSet(null));
    try {
      const body = referralCode ? { ...values, referralCode } : values;
      completeSignIn(await registerAccount(body).unwrap(), 'signup');
    } catch (err) {
      dispatch(authErrorSet(errorMessage(err, MSG.auth.registrationFailed)));
    }
  });

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Full name"
          autoComplete="name"
          autoFocus
          required
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        {hasReferralField ? (
          <TextField
            label="Referral code (optional)"
            autoCapitalize="none"
            error={errors.referralCode?.message}
            {...register('referralCode')}
          />
        ) : (
          <div className="auth-form__row">
            <button type="button" className="auth-link" onClick={() => setHasReferralField(true)}>
              Have a referral code?
            </button>
          </div>
        )}
        <SubmitButton isLoading={isLoading} label="Create Account" loadingLabel="Creating account…" />
      </form>
      <SocialSignIn kind="signup" />
      <p className="auth-switch">
        Already have an account?{' '}
        <button type="button" className="auth-link" onClick={() => onSwitchMode('login')}>
          Sign in
        </button>
      </p>
    </>
  );
}
