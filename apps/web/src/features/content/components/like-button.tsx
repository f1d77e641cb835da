import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { cx } from '../../../components/ui';
import { uiActions, useResumedIntent } from '../../ui';
import { useLikeContentMutation } from '../content-api';
import { contentCaption, type Content } from '@atelier/shared';

export function HeartIcon({ isFilled, size = 18 }: { isFilled?: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.4C1.1 8.2 3.3 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.7 0 5.9 3.7 4.5 7.1C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/** Like or unlike; signed-out people are asked to sign in, and the like is applied after. Failures revert quietly (spec §8). */
export function LikeButton({
  content,
  isCompact,
}: {
  content: Pick<Content, 'id' | 'likeCount' | 'isLiked' | 'title'> & Partial<Pick<Content, 'contentType' | 'prompt'>>;
  isCompact?: boolean;
}) {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const [toggleLike] = useLikeContentMutation();
  // A like pressed before signing in is applied once signed in (unless the account liked it already).
  useResumedIntent(
    'like',
    (intent) => intent.contentId === content.id,
    () => {
      if (!content.isLiked) void toggleLike({ id: content.id, isLiked: true });
    },
  );
  const onClick = () => {
    if (!isSignedIn) {
      dispatch(uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'like', contentId: content.id } }));
      return;
    }
    void toggleLike({ id: content.id, isLiked: !content.isLiked });
  };
  return (
    <button
      type="button"
      className={cx('like-button', content.isLiked && 'like-button--on', isCompact && 'like-button--compact')}
      aria-pressed={content.isLiked}
      aria-label={`${content.isLiked ? 'Unlike' : 'Like'} ${content.contentType ? contentCaption({ ...content, contentType: content.contentType }) : content.title} (${content.likeCount} likes)`}
      onClick={onClick}
    >
      <HeartIcon isFilled={content.isLiked} size={isCompact ? 16 : 18} />
      <span>{content.likeCount}</span>
    </button>
  );
}
