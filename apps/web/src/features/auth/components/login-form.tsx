import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, MSG, type LoginBody } from '@atelier/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { authErrorSet } from '../auth-slice';
import { useLoginMutation } from '../auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { PasswordField, SubmitButton, TextField } from './form-fields';
import { SocialSignIn } from './social-sign-in';
import type { AuthModalMode } from '../../ui';

export function LoginForm({ onSwitchMode }: { onSwitchMode: (mode: AuthModalMode) => void }) {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [login, { isLoading }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    dispatch(authErrorSet(null));
    try {
      completeSignIn(await login(values).unwrap(), 'login');
    } catch (err) {
      dispatch(authErrorSet(errorMessage(err, MSG.auth.loginFailed)));
    }
  });

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email or username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoFocus
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="auth-form__row auth-form__row--end">
          <button type="button" className="auth-link" onClick={() => onSwitchMode('forgotPassword')}>
            Forgot password?
          </button>
        </div>
        <SubmitButton isLoading={isLoading} label="Sign In" loadingLabel="Signing in…" />
      </form>
      <SocialSignIn kind="login" />
      <p className="auth-switch">
        Don&apos;t have an account?{' '}
        <button type="button" className="auth-link" onClick={() => onSwitchMode('signup')}>
          Sign up
        </button>
      </p>
    </>
  );
}
