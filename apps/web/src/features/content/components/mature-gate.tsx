import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button, buttonClass } from '../../../components/ui';
import { uiActions } from '../../ui';
import type { Content } from '../../generation';

/**
 * A mature item opened by someone who has not opted in: a blurred cover (a 24-pixel still the
 * server blurred, stretched and blurred again here) and a "Mature content" gate instead of the media. Signed in, they turn mature content on in settings; a visitor signs
 * in first (visitors never see mature items).
 */
export function MatureGate({ content }: { content: Content }) {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated);
  // A gated reply carries none of the item's files: only a tiny blurred still made by the server.
  const cover = content.blurredCoverUrl ?? null;
  return (
    <div className="mature-gate" role="region" aria-label="Mature content">
      {cover && <img className="mature-gate__cover" src={cover} alt="" aria-hidden="true" />}
      <div className="mature-gate__panel">
        <h2 className="mature-gate__title">Mature content</h2>
        <p>This item is rated mature. It shows only to signed-in adults who choose to see mature content.</p>
        {isSignedIn ? (
          <Link className={buttonClass({})} to="/settings#mature">
            Show mature content
          </Link>
        ) : (
          <Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in to show</Button>
        )}
      </div>
    </div>
  );
}
