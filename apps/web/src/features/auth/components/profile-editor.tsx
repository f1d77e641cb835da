import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG, type PublicUser } from '@atelier/shared';
import { Button, Checkbox, Field, Input, TextArea } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { settingsLoaded } from '../auth-slice';
import { errorMessage } from '../../../app/errors';
import { UserAvatar } from '../../../components/user-avatar';
import { useUpdateProfileMutation, useUpdateSettingsMutation } from '../account-api';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Edit your public profile: name, username, bio, website, location and avatar. */
export function ProfileEditor({ user }: { user: PublicUser }) {
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [fields, setFields] = useState({
    fullName: user.fullName,
    username: user.username,
    bio: user.bio ?? '',
    website: user.website ?? '',
    location: user.location ?? '',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const pick = (file: File | undefined) => {
    setAvatarError(null);
    if (!file) return setAvatar(null);
    if (!file.type.startsWith('image/')) return setAvatarError(MSG.validation.invalidImage);
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError('Avatar must be less than 5MB');
    setAvatar(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ ...fields, ...(avatar ? { avatar } : {}) }).unwrap();
      toast.success('Profile updated');
      setAvatar(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      toast.error(errorMessage(err, MSG.users.updateProfileFailed));
    }
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Edit profile">
      <div className="people-actions">
        <UserAvatar user={user} size={56} />
        <Field label="Avatar" hint="PNG, JPEG, WebP or GIF, up to 5 MB" error={avatarError ?? undefined}>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </Field>
      </div>
      <Field label="Full name" isRequired>
        <Input value={fields.fullName} maxLength={100} onChange={set('fullName')} />
      </Field>
      <Field label="Username" isRequired>
        <Input value={fields.username} maxLength={30} onChange={set('username')} />
      </Field>
      <Field label="Bio" hint="Up to 500 characters">
        <TextArea value={fields.bio} maxLength={500} rows={3} onChange={set('bio')} />
      </Field>
      <Field label="Website">
        <Input type="url" value={fields.website} placeholder="https://" onChange={set('website')} />
      </Field>
      <Field label="Location">
        <Input value={fields.location} maxLength={100} onChange={set('location')} />
      </Field>
      <ProfileVisibility />
      <div className="people-actions">
        <Button type="submit" isLoading={isLoading} disabled={Boolean(avatarError)}>
          Save profile
        </Button>
        <Link to={`/u/${encodeURIComponent(user.username)}`}>View your public profile</Link>
      </div>
    </form>
  );
}

/** Private profiles show only name, username and avatar to others; saved at once. */
function ProfileVisibility() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((s) => s.auth.userSettings);
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const isPrivate = settings?.profileVisibility === 'private';
  const toggle = async () => {
    try {
      const next = await updateSettings({ profileVisibility: isPrivate ? 'public' : 'private' }).unwrap();
      dispatch(settingsLoaded(next));
      toast.success(
        next.profileVisibility === 'private' ? 'Your profile is now private' : 'Your profile is now public',
      );
    } catch (err) {
      toast.error(errorMessage(err, MSG.users.updateSettingsFailed));
    }
  };
  return (
    <Checkbox
      label="Private profile"
      hint="Others see only your name, username and avatar."
      checked={isPrivate}
      disabled={isLoading || !settings}
      onChange={toggle}
    />
  );
}
