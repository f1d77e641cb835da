import { Link } from 'react-router';
import { LogoMark } from './logo';

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/gallery', label: 'Gallery' },
      { to: '/collection', label: 'Collections' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/help-center', label: 'Help center' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About us' },
      { to: '/careers', label: 'Careers' },
      { to: '/ai-ethics', label: 'AI ethics' },
      { to: '/contact-us', label: 'Contact us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-services', label: 'Terms of service' },
      { to: '/privacy-policy', label: 'Privacy policy' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <Link to="/" className="brand" aria-label="Atelier, home">
              <LogoMark size={28} />
              <span className="brand__name">Atelier</span>
            </Link>
            <p className="muted small">
              Photos, video, loops, illustrations, GIFs and vectors from a prompt. Pay only for what you make, keep what
              you love, share the rest.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} className="site-footer__column" aria-label={column.title}>
              <h2 className="site-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="site-footer__bottom">
          <p>© {new Date().getFullYear()} Atelier. All rights reserved.</p>
          <p className="site-footer__hint">
            Press <kbd>Alt</kbd> + <kbd>T</kbd> to open your notifications.
          </p>
        </div>
      </div>
    </footer>
  );
}
