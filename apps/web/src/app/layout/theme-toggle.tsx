import type { Theme } from '@atelier/shared';
import { LeafIcon, MoonIcon, SunIcon, SunsetIcon, WavesIcon, cx } from '../../components/ui';
import { THEME_LABELS, nextTheme } from '../../features/theme';
import { useTheme } from '../../features/auth';

const THEME_ICONS: Record<Theme, typeof SunIcon> = {
  light: SunIcon,
  dark: MoonIcon,
  ocean: WavesIcon,
  forest: LeafIcon,
  sunset: SunsetIcon,
};

/** Cycles light → dark → ocean → forest → sunset; the label names the theme in use. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, cycleTheme } = useTheme();
  const label = THEME_LABELS[theme];
  const Icon = THEME_ICONS[theme];
  return (
    <button
      type="button"
      className={cx('btn', 'btn--ghost', 'theme-toggle', className)}
      onClick={cycleTheme}
      aria-label={`Change theme (current: ${label})`}
      title={`Theme: ${label}. Next: ${THEME_LABELS[nextTheme(theme)]}`}
    >
      <Icon size={18} />
      <span className="theme-toggle__label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}
