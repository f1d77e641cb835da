import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG, WEBSITE_INVALID, isWebsite, normalizeWebsite, type PublicUser } from '@atelier/shared';
import { Button, Checkbox, Field, Input, TextArea } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { settingsLoaded } from '../auth-slice';
import { errorMessage } from '../../../lib/errors';
import { UserAvatar } from '../../../components/user-avatar';
import { useUpdateProfileMutation, useUpdateSettingsMutation } from '../account-api';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

type ProfileFields = { fullName: string; username: string; bio: string; website: string; location: string };
type FieldName = keyof ProfileFields;
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELD_NAMES: FieldName[] = ['fullName', 'username', 'bio', 'website', 'location'];

/** What the browser can tell before asking the server: empty required fields, a website that is not one. */
function checkFields(fields: ProfileFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.fullName.trim()) errors.fullName = 'Full name is required';
  if (!fields.username.trim()) errors.username = 'Username is required';
  if (!isWebsite(normalizeWebsite(fields.website))) errors.website = WEBSITE_INVALID;
  return errors;
}

/** The fields a server refusal names: its validation details, or a taken username. */
export function refusedFields(error: unknown): FieldErrors {
  const e = error as {
    status?: unknown;
    data?: { message?: unknown; details?: { path?: string; message?: string }[] };
  };
  const found: FieldErrors = {};
  for (const d of e?.data?.details ?? []) {
    const name = d.path?.split('.').pop() as FieldName | undefined;
    if (name && FIELD_NAMES.includes(name) && d.message) found[name] ??= d.message;
  }
  const message = typeof e?.data?.message === 'string' ? e.data.message : '';
  if (Object.keys(found).length === 0 && e?.status === 409 && /username/i.test(message)) found.username = message;
  return found;
}

const without = (fields: ProfileFields, bad: FieldErrors): Partial<ProfileFields> =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => !(k in bad)));

/** Edit your public profile: name, username, bio, website, location and avatar. */
export function ProfileEditor({ user }: { user: PublicUser }) {
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [fields, setFields] = useState<ProfileFields>({
    fullName: user.fullName,
    username: user.username,
    bio: user.bio ?? '',
    website: user.website ?? '',
    location: user.location ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (key: FieldName) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setFieldErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const pick = (file: File | undefined) => {
    setAvatarError(null);
    if (!file) return setAvatar(null);
    if (!file.type.startsWith('image/')) return setAvatarError(MSG.validation.invalidImage);
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError('Avatar must be less than 5MB');
    setAvatar(file);
  };

  /**
   * Saves every field that is valid: one the browser or the server refuses is marked with its
   * problem and left out, and the rest (avatar included) are saved anyway.
   */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    // A bare address shows as what is saved (https://…); one that is not an address stays as typed.
    const website = normalizeWebsite(fields.website);
    const shown = isWebsite(website) ? { ...fields, website } : fields;
    setFields(shown);
    let bad = checkFields(shown);
    const send = async () => update({ ...without(shown, bad), ...(avatar ? { avatar } : {}) }).unwrap();
    try {
      try {
        await send();
      } catch (err) {
        const refused = refusedFields(err);
        if (Object.keys(refused).length === 0) throw err;
        bad = { ...bad, ...refused };
        await send();
      }
      setAvatar(null);
      if (fileInput.current) fileInput.current.value = '';
      setFieldErrors(bad);
      const badCount = Object.keys(bad).length;
      if (badCount === 0) {
        toast.success('Profile updated');
      } else {
        const text =
          badCount === 1
            ? 'Your other changes are saved. Fix the marked field to save it too.'
            : 'Your other changes are saved. Fix the marked fields to save them too.';
        setNotice(text);
        toast.info(text);
      }
    } catch (err) {
      setFieldErrors(bad);
      toast.error(errorMessage(err, MSG.users.updateProfileFailed));
    }
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Edit profile" noValidate>
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
      <Field label="Full name" isRequired error={fieldErrors.fullName}>
        <Input value={fields.fullName} maxLength={100} onChange={set('fullName')} />
      </Field>
      <Field label="Username" isRequired error={fieldErrors.username}>
        <Input value={fields.username} maxLength={30} onChange={set('username')} />
      </Field>
      <Field label="Bio" hint="Up to 500 characters" error={fieldErrors.bio}>
        <TextArea value={fields.bio} maxLength={500} rows={3} onChange={set('bio')} />
      </Field>
      <Field label="Website" hint="For example alice.example.com" error={fieldErrors.website}>
        <Input
          type="text"
          inputMode="url"
          autoComplete="url"
          value={fields.website}
          placeholder="yoursite.com"
          onChange={set('website')}
        />
      </Field>
      <Field label="Location" error={fieldErrors.location}>
        <Input value={fields.location} maxLength={100} onChange={set('location')} />
      </Field>
      <ProfileVisibility />
      <div className="people-actions">
        <Button type="submit" isLoading={isLoading} disabled={Boolean(avatarError)}>
          Save profile
        </Button>
        <Link to={`/u/${encodeURIComponent(user.username)}`}>View your public profile</Link>
      </div>
      {notice && (
        <p role="status" className="field__hint">
          {notice}
        </p>
      )}
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
