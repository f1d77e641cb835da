import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthRoot, VerifyEmailBanner } from '../../features/auth';
import { GenerateRoot } from './generate-root';
import { ThemeSync } from '../../features/theme';
import { Header } from './header';
import { Footer } from './footer';
import { loadToastify, whenToastifyWanted } from '../../components/ui/toast';
import { serverShell, serverShellDone } from '../server-shell';
import './layout.css';

/** Renders nothing; marks the first page as shown, so later placeholders are the app's own. */
function FirstPageShown() {
  useEffect(serverShellDone, []);
  return null;
}

/** A new page starts at its top, unless the link points at an anchor on it. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, [pathname, hash]);
}

const AppToasts = lazy(() => import('./app-toasts').then((m) => ({ default: m.AppToasts })));

/**
 * The toast area and react-toastify arrive once the page has loaded and the browser is idle, or at
 * once when something raises a toast first: the first screen never waits for them.
 */
function ToastArea() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stop = whenToastifyWanted(() => setWanted(true));
    const idle = () => void loadToastify();
    let timer = 0;
    const afterLoad = () => {
      timer = window.setTimeout(
        () => ('requestIdleCallback' in window ? window.requestIdleCallback(idle) : idle()),
        1000,
      );
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      stop();
      window.removeEventListener('load', afterLoad);
      window.clearTimeout(timer);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToasts />
    </Suspense>
  ) : null;
}

/**
 * Shown while a page's chunk loads: as tall as a page, so the footer does not jump when it arrives.
 * While the first page loads it is the server's own markup for that page (server-shell.ts).
 */
function RouteFallback() {
  const shell = serverShell();
  if (shell) return <div className="server-shell" dangerouslySetInnerHTML={{ __html: shell }} />;
  return (
    <div className="route-fallback container" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="route-fallback__title skeleton" />
      <div className="route-fallback__line skeleton" />
      <div className="route-fallback__block skeleton" />
    </div>
  );
}

export function Layout() {
  useScrollToTopOnNavigate();
  return (
    <div className="app-shell">
      <ThemeSync />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      {/* The footer comes with the page, not before it: a footer shown under the placeholder would
          jump when the page arrives. */}
      <Suspense
        fallback={
          <main id="main" className="app-main" tabIndex={-1}>
            <RouteFallback />
          </main>
        }
      >
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
          <FirstPageShown />
        </main>
        <Footer />
      </Suspense>
      <AuthRoot />
      <GenerateRoot />
      <ToastArea />
    </div>
  );
}
