import { NavLink } from 'react-router';
import { OpenReportsCount } from '../../moderation';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/credits', label: 'Credit audit' },
  { to: '/admin/credit-products', label: 'Credit products' },
  { to: '/admin/plans', label: 'Plans' },
  { to: '/admin/generation', label: 'Models & costs' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/support', label: 'Support inbox' },
];

/** Every administration screen, one click away from any other. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} end={s.end}>
              {s.label}
              {s.to === '/admin/reports' && <OpenReportsCount />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
