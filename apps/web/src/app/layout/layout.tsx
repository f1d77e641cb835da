import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthRoot } from '../../features/auth/components/auth-root';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { GenerateRoot } from '../../features/generation/components/generate-root';
import { ThemeSync } from '../../features/theme/theme-sync';
import { Header } from './header';
import { Footer } from './footer';
import { AppToasts } from './app-toasts';
import './layout.css';

/** A new page starts at its top, unless the link points at an anchor on it. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, [pathname, hash]);
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
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <AuthRoot />
      <GenerateRoot />
      <AppToasts />
    </div>
  );
}
