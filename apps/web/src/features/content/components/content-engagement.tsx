import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { MODERATION_TEXT, MSG, type Comment, type Content } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { formatDay } from '../../../components/format';
import { Badge, Button, Dialog, Spinner, TextArea } from '../../../components/ui';
import { uiActions, useResumedIntent } from '../../ui';
import { ReportButton } from '../../moderation';
import {
  useAddCommentMutation,
  useDeleteCommentMutation,
  useGetCommentsQuery,
  usePlayContentMutation,
} from '../content-api';
import { hasMorePages } from '../content-merge';
import { LikeButton } from './like-button';
import '../content.css';

const COMMENTS_PAGE_SIZE = 10;

/**
 * Counts a play each time a video of this item starts from the beginning. The page's player is
 * someone else's component, so this listens for `play` on the whole page (it does not bubble, but
 * it can be caught on the way down).
 */
function usePlayCounter(content: Content) {
  const [countPlay] = usePlayContentMutation();
  useEffect(() => {
    if (!content.mediaUrl) return;
    const mediaUrl = content.mediaUrl;
    const onPlay = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLVideoElement)) return;
      if (!target.currentSrc.endsWith(mediaUrl) && target.getAttribute('src') !== mediaUrl) return;
      if (target.closest('.content-card')) return;
      if (target.currentTime > 0.5) return;
      void countPlay(content.id);
    };
    document.addEventListener('play', onPlay, true);
    return () => document.removeEventListener('play', onPlay, true);
  }, [content.id, content.mediaUrl, countPlay]);
}

/** Like, play count and threaded comments of one content item (spec §4). */
export function ContentEngagement({ content }: { content: Content }) {
  usePlayCounter(content);
  const isMotion = content.contentType === 'video' || content.contentType === 'loops' || content.contentType === 'gif';
  return (
    <section className="engagement" aria-label="Likes and comments">
      <div className="engagement__bar">
        <LikeButton content={content} />
        {isMotion && (
          <span className="engagement__stat" aria-label={`${content.playCount} plays`}>
            ▶ {content.playCount} {content.playCount === 1 ? 'play' : 'plays'}
          </span>
        )}
        <span className="engagement__stat">
          {content.commentCount} {content.commentCount === 1 ? 'comment' : 'comments'}
        </span>
      </div>
      <CommentThread content={content} />
    </section>
  );
}

function CommentThread({ content }: { content: Content }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching } = useGetCommentsQuery({
    contentId: content.id,
    page,
    pageSize: COMMENTS_PAGE_SIZE,
  });
  useEffect(() => {
    if (error) toast.error(errorMessage(error, MSG.content.commentFailed), { toastId: `comments-${content.id}` });
  }, [error, content.id]);
  const comments = data?.data ?? [];
  return (
    <div className="comments">
      <h2 className="h4">Comments</h2>
      <CommentForm contentId={content.id} />
      {isLoading && <Spinner label="Loading comments" />}
      {!isLoading && comments.length === 0 && !error && (
        <p className="content-muted">No comments yet. Be the first to say something.</p>
      )}
      <ol className="comment-list list-reset">
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} content={content} />
        ))}
      </ol>
      {hasMorePages(data?.pagination) && (
        <Button
          variant="secondary"
          size="sm"
          disabled={isFetching}
          onClick={() => setPage((data?.pagination.page ?? page) + 1)}
        >
          {isFetching ? 'Loading…' : 'Load more comments'}
        </Button>
      )}
    </div>
  );
}

function CommentForm({ contentId, parentId, onDone }: { contentId: string; parentId?: string; onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const [text, setText] = useState('');
  const [addComment, { isLoading }] = useAddCommentMutation();
  const draftKey = `comment:${contentId}`;
  // A comment a visitor wrote before signing in comes back into the box once they are signed in.
  useResumedIntent(
    'draft',
    (intent) => !parentId && intent.key === draftKey,
    (intent) => setText(intent.text),
  );
  if (!isSignedIn && parentId) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!isSignedIn) {
      dispatch(
        body
          ? uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'draft', key: draftKey, text } })
          : uiActions.authModalOpened('login'),
      );
      return;
    }
    if (!body) return;
    try {
      await addComment({ contentId, content: body, ...(parentId ? { parentId } : {}) }).unwrap();
      setText('');
      onDone?.();
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.commentFailed));
    }
  };
  const label = parentId ? 'Your reply' : 'Add a comment';
  return (
    <form className="comment-form" onSubmit={(e) => void submit(e)}>
      <TextArea
        aria-label={label}
        placeholder={parentId ? 'Write a reply…' : 'Say something nice…'}
        rows={parentId ? 2 : 3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="comment-form__actions">
        {onDone && (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
        {isSignedIn ? (
          <Button type="submit" size="sm" disabled={isLoading || text.trim() === ''}>
            {parentId ? 'Reply' : 'Post comment'}
          </Button>
        ) : (
          <Button type="submit" size="sm" variant="secondary">
            Sign in to comment
          </Button>
        )}
      </div>
    </form>
  );
}

function CommentItem({ comment, content, isReply }: { comment: Comment; content: Content; isReply?: boolean }) {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const [isReplying, setReplying] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [deleteComment, { isLoading: isDeleting }] = useDeleteCommentMutation();
  const canDelete =
    user !== null && (user.id === comment.author.id || user.id === content.owner.id || user.role === 'admin');
  const author = comment.author.fullName || comment.author.username;
  const remove = async () => {
    try {
      await deleteComment({ contentId: content.id, commentId: comment.id }).unwrap();
      setConfirming(false);
      toast.success('Comment deleted');
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessage(err, MSG.content.commentFailed));
    }
  };
  const replyCount = comment.replies.length;
  return (
    <li className={isReply ? 'comment comment--reply' : 'comment'}>
      <div className="comment__head">
        <span className="comment__avatar" aria-hidden="true">
          {comment.author.avatar ? (
            <img src={comment.author.avatar} alt="" />
          ) : (
            (comment.author.fullName || comment.author.username).slice(0, 1).toUpperCase()
          )}
        </span>
        <strong>{comment.author.fullName || comment.author.username}</strong>
        {comment.author.isStaff && <Badge tone="accent">Staff</Badge>}
        <time dateTime={comment.createdAt} className="content-muted">
          {formatDay(comment.createdAt)}
        </time>
      </div>
      {comment.isHidden && (
        <p className="comment__notice" role="note">
          {MODERATION_TEXT.hiddenNotice}
        </p>
      )}
      <p className="comment__body">{comment.content}</p>
      <div className="comment__actions">
        <ReportButton targetType="comment" targetId={comment.id} ownerId={comment.author.id} />
        {!isReply && user && (
          <button type="button" className="link-button" onClick={() => setReplying((v) => !v)}>
            Reply
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="link-button"
            disabled={isDeleting}
            aria-label={`Delete comment by ${author}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </div>
      {/* Deleting cannot be undone, so it is asked for once more. */}
      <Dialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        title="Delete this comment?"
        description={
          replyCount > 0
            ? `It will be removed for everyone, with its ${replyCount === 1 ? 'reply' : `${replyCount} replies`}. This cannot be undone.`
            : 'It will be removed for everyone. This cannot be undone.'
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void remove()} isLoading={isDeleting}>
              Delete comment
            </Button>
          </>
        }
      >
        <blockquote className="comment__quote">{comment.content}</blockquote>
      </Dialog>
      {isReplying && <CommentForm contentId={content.id} parentId={comment.id} onDone={() => setReplying(false)} />}
      {comment.replies.length > 0 && (
        <ol className="comment-replies list-reset">
          {comment.replies.map((r) => (
            <CommentItem key={r.id} comment={r} content={content} isReply />
          ))}
        </ol>
      )}
    </li>
  );
}
