import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/ui/toast';
import { z } from 'zod';
import { MSG, newPassword, THEMES, type PublicUser, type SessionInfo, type Theme } from '@atelier/shared';
import { Badge, Button } from '../../../components/ui';
import { SitePageMeta } from '../../../components/site-page-meta';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { useTheme } from '../hooks/use-theme';
import { sessionsLoaded } from '../auth-slice';
import {
  useChangePasswordMutation,
  useGetSessionsQuery,
  useLogoutAllMutation,
  useRevokeSessionMutation,
} from '../auth-api';
import { useForgetSession } from '../hooks/use-forget-session';
import { PasswordField, SubmitButton } from '../components/form-fields';
import { SignInPrompt } from '../../../lib/sign-in-prompt';
import { UserAvatar } from '../../../components/user-avatar';
import { PASSWORD_HINT } from '../components/signup-form';
import { describeUserAgent } from '../user-agent';
import { ProfileEditor } from '../components/profile-editor';
import { DeleteAccountSection } from '../components/delete-account-section';
import { NotificationSettingsSection } from '../../notifications';
import { BlockedPeopleSection } from '../../moderation';
import { MatureContentSetting } from '../components/mature-content-setting';
import '../auth.css';

export function SettingsPage() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  return (
    <section className="container auth-page settings-page">
      <SitePageMeta path="/settings" description="Your Atelier profile, password, signed-in devices and theme." />
      <h1>Settings</h1>
      {user ? (
        <>
          <ProfileSection user={user} />
          <SettingsSection title="Edit profile">
            <ProfileEditor key={user.id} user={user} />
          </SettingsSection>
          <ChangePasswordSection />
          <SessionsSection />
          <ThemeSection />
          <SettingsSection title="Mature content" id="mature">
            <MatureContentSetting />
          </SettingsSection>
          <SettingsSection title="Blocked people">
            <BlockedPeopleSection />
          </SettingsSection>
          <SettingsSection title="Notifications">
            <NotificationSettingsSection />
          </SettingsSection>
          <SettingsSection title="Developers">
            <p className="settings-help">
              Script Atelier with personal API keys and hear about finished work through webhooks.{' '}
              <Link to="/settings/developers">Manage API keys</Link>
            </p>
          </SettingsSection>
          <SettingsSection title="Delete account">
            <DeleteAccountSection />
          </SettingsSection>
        </>
      ) : (
        <SignInPrompt
          title="Sign in to see your settings"
          text="Your profile, password and signed-in devices are here once you sign in."
        />
      )}
    </section>
  );
}

function SettingsSection({ title, children, id: anchor }: { title: string; children: ReactNode; id?: string }) {
  const id = useId();
  return (
    <section className="auth-panel settings-section" aria-labelledby={id} {...(anchor ? { id: anchor } : {})}>
      <h2 id={id} className="auth-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileSection({ user }: { user: PublicUser }) {
  return (
    <SettingsSection title="Profile">
      <div className="settings-profile">
        <UserAvatar user={user} size={56} />
        <dl className="settings-profile__facts">
          <dt>Name</dt>
          <dd>{user.fullName || user.name}</dd>
          <dt>Username</dt>
          <dd>@{user.username}</dd>
          <dt>Email</dt>
          <dd>
            {user.email}{' '}
            {user.isVerified ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <>
                <Badge tone="warning">Not verified</Badge> <Link to="/verify-email">Verify your email</Link>
              </>
            )}
          </dd>
        </dl>
      </div>
    </SettingsSection>
  );
}

const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.validation.passwordsMismatch,
  });
type ChangePasswordForm = z.infer<typeof changePasswordForm>;

function ChangePasswordSection() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: password }) => {
    try {
      const { message } = await changePassword({ currentPassword, newPassword: password }).unwrap();
      reset();
      toast.success(message ?? 'Your password has been changed');
    } catch (err) {
      toast.error(errorMessage(err, MSG.auth.changePasswordFailed));
    }
  });

  return (
    <SettingsSection title="Change password">
      <form className="auth-form settings-form" noValidate onSubmit={onSubmit}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
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
        <SubmitButton isLoading={isLoading} label="Change password" loadingLabel="Changing…" />
      </form>
    </SettingsSection>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

function byCurrentThenRecent(a: SessionInfo, b: SessionInfo): number {
  if (a.isCurrent !== b.isCurrent) return a.isCurrent ? -1 : 1;
  return b.lastUsedAt.localeCompare(a.lastUsedAt);
}

function SessionsSection() {
  const dispatch = useAppDispatch();
  const sessions = useGetSessionsQuery();
  const [revokeSession] = useRevokeSessionMutation();
  const [logoutAll, logoutAllState] = useLogoutAllMutation();
  const forgetSession = useForgetSession();
  const [revokingId, setRevokingId] = useState<string | null>(null);

  useEffect(() => {
    if (sessions.data) dispatch(sessionsLoaded(sessions.data));
  }, [dispatch, sessions.data]);

  const signOutSession = async (session: SessionInfo) => {
    setRevokingId(session.id);
    try {
      const { message } = await revokeSession(session.id).unwrap();
      toast.success(message ?? `Signed out ${describeUserAgent(session.userAgent)}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to sign out that session'));
    } finally {
      setRevokingId(null);
    }
  };

  const signOutEverywhere = async () => {
    try {
      const { message } = await logoutAll().unwrap();
      forgetSession();
      toast.success(message ?? 'Signed out on every device');
    } catch (err) {
      toast.error(errorMessage(err, MSG.auth.logoutAllFailed));
    }
  };

  const list = sessions.data ? [...sessions.data].sort(byCurrentThenRecent) : [];

  return (
    <SettingsSection title="Sessions">
      <p className="settings-help">Devices where you are signed in. Sign out any you don&apos;t recognise.</p>
      {sessions.isLoading && <p role="status">Loading sessions…</p>}
      {sessions.isError && (
        <div className="auth-alert" role="alert">
          {errorMessage(sessions.error, MSG.auth.getSessionsFailed)}{' '}
          <button type="button" className="auth-link" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </div>
      )}
      {sessions.data && (
        <ul className="session-list" aria-label="Signed-in devices">
          {list.map((session) => (
            <li key={session.id} className="session-list__item">
              <div className="session-list__info">
                <span className="session-list__device">
                  {describeUserAgent(session.userAgent)}
                  {session.isCurrent && <Badge tone="accent">This device</Badge>}
                </span>
                <span className="session-list__meta">
                  {session.ip ?? 'Unknown IP'} · Last used {formatWhen(session.lastUsedAt)}
                </span>
              </div>
              {!session.isCurrent && (
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={revokingId === session.id}
                  aria-label={`Sign out ${describeUserAgent(session.userAgent)}, ${session.ip ?? 'unknown IP'}`}
                  onClick={() => signOutSession(session)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="danger" onClick={signOutEverywhere} isLoading={logoutAllState.isLoading}>
          Sign out everywhere
        </Button>
      </div>
    </SettingsSection>
  );
}

const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  ocean: 'Ocean',
  forest: 'Forest',
  sunset: 'Sunset',
};

function ThemeSection() {
  const { theme: current, setTheme } = useTheme();
  return (
    <SettingsSection title="Theme">
      <div className="theme-picker" role="radiogroup" aria-label="Theme">
        {THEMES.map((theme) => (
          <label key={theme} className="theme-picker__option" data-theme-swatch={theme}>
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={current === theme}
              onChange={() => setTheme(theme)}
            />
            <span className={`theme-picker__swatch theme-picker__swatch--${theme}`} aria-hidden="true" />
            {THEME_LABELS[theme]}
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}
