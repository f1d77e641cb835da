import type { PublicUser } from '@atelier/shared';
import './user-avatar.css';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** The person's picture, or their initials when they have none. Decorative: the name is always shown beside it. */
export function UserAvatar({ user, size = 32 }: { user: Pick<PublicUser, 'name' | 'avatar'>; size?: number }) {
  if (user.avatar) {
    return <img className="user-avatar" src={user.avatar} alt="" width={size} height={size} aria-hidden="true" />;
  }
  return (
    <span className="user-avatar user-avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(user.name)}
    </span>
  );
}
