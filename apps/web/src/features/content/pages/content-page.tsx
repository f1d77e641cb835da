import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CONTENT_TYPE_NAMES, MODERATION_TEXT, MSG, isUploadedContent } from '@atelier/shared';
import { PageMeta } from '../../../components/page-meta';
import { Badge, Button, ButtonLink, EmptyState, buttonClass } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import { useRealtimeStatus } from '../../realtime';
import { type Content, generationApi, isInProgress, useGetContentByIdQuery } from '../../generation';
import { ContentDetails, ContentReceipt } from '../components/content-details';
import { ContentMedia } from '../components/content-media';
import { MatureGate } from '../components/mature-gate';
import { ContentSkeleton } from '../components/content-skeleton';
import { ContentClassification, ContentEditPanel, ContentOwnerControls, ContentTitle } from '../components/content-owner-actions';
import { ContentPeopleActions } from '../components/content-people-actions';
import { ContentEngagement } from '../components/content-engagement';
import { BatchCandidates, ContentRemixes, RemixCredit } from '../components/content-lineage';
import '../content-page.css';

/** Without the socket, progress comes from asking; with it, a slow check guards against a lost event. */
const POLL_WITHOUT_SOCKET_MS = 2000;
const POLL_WITH_SOCKET_MS = 15_000;

/** /content/:id — one piece of content, with live progress while it is being made. */
export function ContentPage() {
  const { id } = useParams();
  return <ContentView key={id} id={id ?? ''} />;
}

function ContentView({ id }: { id: string }) {
  const realtime = useRealtimeStatus();
  const isSocketLive = realtime.status === 'connected';
  const cached = generationApi.endpoints.getContentById.useQueryState(id || skipToken);
  const isLive = cached.data ? isInProgress(cached.data.status) : false;
  const {
    data: content,
    error,
    isLoading,
    refetch,
  } = useGetContentByIdQuery(id || skipToken, {
    pollingInterval: isLive ? (isSocketLive ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS) : 0,
    refetchOnMountOrArgChange: true,
  });

  // Events sent while the socket was down are lost; catch up once it is back.
  const previousStatus = useRef(realtime.status);
  useEffect(() => {
    const wasLive = previousStatus.current === 'connected';
    previousStatus.current = realtime.status;
    if (isSocketLive && !wasLive && isLive) void refetch();
  }, [realtime.status, isSocketLive, isLive, refetch]);

  // The item's page is a large tree, and its reply arrives as a store update, which React would draw
  // at once in one task; deferred, it is drawn in slices while the frame stays on screen.
  const shown = useDeferredValue(content);
  if (!shown && (isLoading || content)) return <LoadingContent id={id} />;

  if (!content) {
    const status = (error as FetchBaseQueryError | undefined)?.status;
    if (status === 404 || status === 403 || !id) {
      return (
        <section className="container content-page">
          <PageMeta title="Content not found" />
          <EmptyState
            headingLevel="h2"
            title="Content not found"
            description="This content does not exist, was deleted, or is private."
            action={<ButtonLink to="/">Back to home</ButtonLink>}
          />
        </section>
      );
    }
    return (
      <section className="container content-page">
        <PageMeta title="Content" />
        <h1>Content</h1>
        <p role="alert" className="content-error-text">
          {errorMessage(error, MSG.content.fetchDetailsFailed)}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }

  return <ContentLoaded content={shown ?? content} />;
}

/** Whether the server sent this very page (the first of a visit): then its head describes the item. */
function isServerPage(id: string): boolean {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical !== undefined && new URL(canonical, window.location.href).pathname === `/content/${id}`;
}

/**
 * The item's width/height and main picture when the server put them in the page it sent for this
 * very path (the first page of a visit); later pages are reached in the app and fall back to 4:3.
 */
function serverMedia(id: string): { aspect: string; picture?: string } {
  const fallback = { aspect: '4 / 3' };
  if (!isServerPage(id)) return fallback;
  const aspect = document.querySelector<HTMLMetaElement>('meta[name="media-aspect-ratio"]')?.content;
  if (!aspect || !/^\d{1,5}\/\d{1,5}$/.test(aspect)) return fallback;
  const picture = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.getAttribute('href');
  return { aspect: aspect.replace('/', ' / '), ...(picture ? { picture } : {}) };
}

/** The page's frame while the item loads, from what the server's page says of the item. */
function LoadingContent({ id }: { id: string }) {
  const [media] = useState(() => serverMedia(id));
  return <ContentSkeleton {...media} />;
}

function ContentLoaded({ content }: { content: Content }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const isOwner = user !== null && user.id === content.owner.id;
  const isUpload = isUploadedContent(content);

  /**
   * Opens the Generate dialog filled with this item's prompt, model, type and settings. A visitor
   * signs up first (with a way to sign in), then lands in the dialog holding the same.
   */
  const openWithSettings = (remix: boolean) => {
    const settings = content.generation;
    const prefill = {
      selectedModel: content.model,
      prompt: content.prompt,
      preset: {
        seed: settings?.seed ?? content.seed,
        strength: settings?.strength ?? content.strength,
        aspectRatio: settings?.aspectRatio ?? null,
        negativePrompt: settings?.negativePrompt ?? null,
        // Only its owner gets the link; a remix starts from the source's settings, not its reference.
        referenceImageUrl: remix ? null : (settings?.referenceImageUrl ?? null),
        ...(remix ? { remixOf: { id: content.id, title: content.title, ownerName: content.owner.fullName || content.owner.username } } : {}),
      },
    };
    dispatch(
      user
        ? uiActions.modelDialogPrefilled({ contentType: content.contentType, ...prefill })
        : uiActions.authModalOpenedFor({
            mode: 'signup',
            intent: { kind: 'generate', contentType: content.contentType, prefill },
          }),
    );
  };
  const canRemix = !isUpload && !isOwner && !content.isPrivate && content.status === 'ready';

  return (
    <article className="container content-page">
      <PageMeta
        title={content.title}
        description={content.prompt}
        image={content.status === 'ready' && !content.isMatureGated ? (content.posterUrl ?? content.previewUrl ?? undefined) : undefined}
        type="article"
      />
      {content.isHidden && (
        <p className="content-hidden-notice" role="status">
          {MODERATION_TEXT.hiddenNotice}
        </p>
      )}
      <header className="content-header">
        <ContentTitle content={content} isOwner={isOwner} />
        <p className="content-byline">
          <span>
            {CONTENT_TYPE_NAMES[content.contentType]} by{' '}
            <span className="content-owner">{content.owner.fullName || content.owner.username}</span>
            {content.owner.isStaff && (
              <>
                {' '}
                <Badge tone="accent">Staff</Badge>
              </>
            )}
          </span>
          {content.isPrivate && <Badge>Private</Badge>}
          {content.rating === 'mature' && <Badge tone="warning">Mature</Badge>}
        </p>
        <RemixCredit content={content} />
      </header>

      {/* On a phone the details (prompt, model, settings, Copy, "Use these settings") come right
          under the picture, before the comments; on a desktop they sit beside it. content-page.css */}
      <div className="content-layout">
        <div className="content-primary">
          {content.isMatureGated ? <MatureGate content={content} /> : <ContentMedia content={content} />}
          {content.status === 'ready' && content.mediaUrl && (
            <div className="content-actions">
              <a
                className={buttonClass({ variant: 'secondary' })}
                href={content.mediaUrl}
                download={downloadName(content)}
              >
                Download
              </a>
            </div>
          )}
        </div>
        <div className="content-secondary">
          <ContentDetails
            content={content}
            actions={
              isUpload ? undefined : (
                <>
                  <Button onClick={() => openWithSettings(false)}>Use these settings</Button>
                  {canRemix && (
                    <Button variant="secondary" onClick={() => openWithSettings(true)}>
                      Remix
                    </Button>
                  )}
                </>
              )
            }
          />
          {!isUpload && isOwner && <ContentReceipt content={content} />}
          {isOwner && content.status === 'ready' && <ContentEditPanel content={content} />}
          <ContentRemixes content={content} />
        </div>
        <div className="content-primary__rest">
          {isOwner && content.batchId && <BatchCandidates content={content} />}
          <ContentPeopleActions content={content} />
          {content.status === 'ready' && <ContentEngagement content={content} />}
          {isOwner && <ContentOwnerControls content={content} />}
          {isOwner && <ContentClassification key={content.id} content={content} />}
        </div>
      </div>
    </article>
  );
}

/** A readable file name: the title, plus the media's own extension. */
function downloadName(content: Content): string {
  const base =
    content.title
      .trim()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'atelier';
  const path = (content.mediaUrl ?? '').split('?')[0] ?? '';
  const ext = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1];
  return ext ? `${base}.${ext}` : base;
}
