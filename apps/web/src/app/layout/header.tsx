import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { uiActions } from '../../lib/ui-slice';
import { AuthControls } from '../../features/auth';
import { Button, CloseIcon, MenuIcon, SparklesIcon, cx } from '../../components/ui';
import { ThemeToggle } from './theme-toggle';
import { LogoMark } from './logo';
import { useOpenGenerate } from '../../lib/use-open-generate';

// Its own chunk (the unread count, its live updates and the messaging API), fetched only when someone is signed in.
const MessagesNavLink = lazy(() =>
  import('../../features/messaging/components/messages-nav-link').then((m) => ({ default: m.MessagesNavLink })),
);

// Its own chunk too (the bell, its panel, live count and the notifications API), signed-in only.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** Holds the bell's place (an icon button) while its chunk loads. */
const BellFallback = () => <span className="icon-btn" aria-hidden="true" />;

export const MAIN_NAV = [
  { to: '/gallery', label: 'Gallery' },
  { to: '/people', label: 'People' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/careers', label: 'Careers' },
  { to: '/help-center', label: 'Help' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx('site-nav__link', isActive && 'site-nav__link--active');

/**
 * The Messages link as MessagesNavLink draws it before its unread count is known, usable at once;
 * it holds the place while that link's chunk loads, so the header does not move.
 */
function MessagesLinkFallback({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <NavLink to="/messages" className={(state) => cx(navLinkClass(state), 'messages-nav-link')} onClick={onNavigate}>
      Messages
    </NavLink>
  );
}

export function Header() {
  const dispatch = useAppDispatch();
  const isMenuOpen = useAppSelector((state) => state.ui.isMenuOpen);
  const isSignedIn = useAppSelector((state) => state.auth.isAuthenticated && state.auth.user !== null);
  const openGenerate = useOpenGenerate();
  const { pathname } = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dispatch(uiActions.menuClosed());
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dispatch(uiActions.menuClosed());
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen, dispatch]);

  const closeMenu = () => dispatch(uiActions.menuClosed());

  return (
    <header
      className={cx('site-header', isMenuOpen && 'site-header--menu-open', isSignedIn && 'site-header--signed-in')}
    >
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Atelier, home">
          <LogoMark />
          <span className="brand__name">Atelier</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <Button className="site-header__create" iconStart={<SparklesIcon size={16} />} onClick={() => openGenerate()}>
            Create
          </Button>
          {isSignedIn && (
            <Suspense fallback={<MessagesLinkFallback />}>
              <MessagesNavLink />
            </Suspense>
          )}
          {isSignedIn && (
            <Suspense fallback={<BellFallback />}>
              <NotificationBell />
            </Suspense>
          )}
          <ThemeToggle />
          <div className="site-header__auth">
            <AuthControls />
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-btn site-header__menu-button"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => dispatch(uiActions.menuToggled())}
          >
            {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div id="mobile-menu" className="mobile-menu" hidden={!isMenuOpen}>
        <nav className="container" aria-label="Main, mobile">
          <ul className="mobile-menu__list">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="mobile-menu__messages">
              {isSignedIn && (
                <Suspense fallback={<MessagesLinkFallback onNavigate={closeMenu} />}>
                  <MessagesNavLink onNavigate={closeMenu} isLive={false} />
                </Suspense>
              )}
            </li>
          </ul>
          <Button
            isFullWidth
            size="lg"
            iconStart={<SparklesIcon size={18} />}
            onClick={() => {
              closeMenu();
              openGenerate();
            }}
          >
            Create
          </Button>
        </nav>
      </div>
    </header>
  );
}
