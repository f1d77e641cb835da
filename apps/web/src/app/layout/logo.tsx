import { useId } from 'react';

/** The Atelier mark: the brand gradient with a stylised "A". */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = `logo-gradient-${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="0.55" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M18 46 32 16l14 30h-7l-7-16-7 16z" fill="#fff" />
    </svg>
  );
}
