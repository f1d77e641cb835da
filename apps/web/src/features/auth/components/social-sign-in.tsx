import { useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { MSG } from '@atelier/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { authErrorSet } from '../auth-slice';
import { useFacebookLoginMutation, useGoogleLoginMutation } from '../auth-api';
import { useGetPublicConfigQuery } from '../../../lib/public-config';
import { useCompleteSignIn, type SignInKind } from '../hooks/use-complete-sign-in';
import { startFacebookSignIn, startGoogleSignIn } from '../social-sdk';

type Provider = 'google' | 'facebook';

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };

/** Continue with Google / Facebook. When a provider is not configured the buttons explain why instead of failing quietly. */
export function SocialSignIn({ kind }: { kind: SignInKind }) {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const config = useGetPublicConfigQuery();
  const [googleLogin, googleState] = useGoogleLoginMutation();
  const [facebookLogin, facebookState] = useFacebookLoginMutation();
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState<Provider | null>(null);
  const googleSlot = useRef<HTMLDivElement>(null);

  const unavailable = (provider: Provider): string | null => {
    const name = PROVIDER_NAMES[provider];
    if (config.isLoading) return `Checking whether ${name} sign-in is available. Try again in a moment.`;
    if (config.isError || !config.data) return `${name} sign-in is unavailable right now. Please try again later.`;
    const id = provider === 'google' ? config.data.googleClientId : config.data.facebookAppId;
    return id ? null : `${name} sign-in isn't set up on this server yet`;
  };

  const signInWith = async (provider: Provider, call: () => Promise<Parameters<typeof completeSignIn>[0]>) => {
    try {
      completeSignIn(await call(), kind);
    } catch (err) {
      const fallback = provider === 'google' ? MSG.auth.googleLoginFailed : MSG.auth.facebookLoginFailed;
      dispatch(authErrorSet(errorMessage(err, fallback)));
    }
  };

  const onGoogle = async () => {
    dispatch(authErrorSet(null));
    const reason = unavailable('google');
    if (reason) return setNote(reason);
    setNote(null);
    setPending('google');
    try {
      await startGoogleSignIn(config.data!.googleClientId!, googleSlot.current, (idToken) => {
        void signInWith('google', () => googleLogin({ idToken }).unwrap());
      });
      setNote('Choose your Google account in the window that opened, or use the Google button below.');
    } catch {
      setNote("Couldn't load Google sign-in. Check your connection and try again.");
    } finally {
      setPending(null);
    }
  };

  const onFacebook = async () => {
    dispatch(authErrorSet(null));
    const reason = unavailable('facebook');
    if (reason) return setNote(reason);
    setNote(null);
    setPending('facebook');
    try {
      const accessToken = await startFacebookSignIn(config.data!.facebookAppId!);
      if (!accessToken) {
        setNote('Facebook sign-in was cancelled.');
        return;
      }
      await signInWith('facebook', () => facebookLogin({ accessToken }).unwrap());
    } catch {
      setNote("Couldn't load Facebook sign-in. Check your connection and try again.");
    } finally {
      setPending(null);
    }
  };

  const isBusy = pending !== null || googleState.isLoading || facebookState.isLoading;

  return (
    <div className="auth-social">
      <div className="auth-divider" aria-hidden="true">
        <span>or</span>
      </div>
      <Button
        variant="secondary"
        isFullWidth
        onClick={onGoogle}
        disabled={isBusy}
        isLoading={pending === 'google' || googleState.isLoading}
      >
        {googleState.isLoading ? 'Signing in with Google…' : 'Continue with Google'}
      </Button>
      <Button
        variant="secondary"
        isFullWidth
        onClick={onFacebook}
        disabled={isBusy}
        isLoading={pending === 'facebook' || facebookState.isLoading}
      >
        {facebookState.isLoading ? 'Signing in with Facebook…' : 'Continue with Facebook'}
      </Button>
      <div ref={googleSlot} className="auth-social__google-slot" />
      {note && (
        <p className="auth-note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
