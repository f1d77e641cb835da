/** Every business constant of spec §9 in one place. */
export const LIMITS = {
  promptMaxLength: 500,
  contentNameMaxLength: 100,
  /** Longest gallery search; category and people searches take up to 100 characters. */
  searchQueryMaxLength: 200,
  referenceImageMaxBytes: 10 * 1024 * 1024,
  /** Every image the server decodes (reference images, uploads, avatars): width × height × frames. */
  imageMaxPixels: 40_000_000,
  variationStrengthMin: 0,
  variationStrengthMax: 100,
  variationStrengthDefault: 50,
  resetCodeLength: 6,
  passwordMinLength: 8,
  examplePromptsPerType: 4,
  toastAutoCloseMs: 5000,
  persistTimeoutMs: 5000,
  defaultPage: 1,
  defaultPageSize: 10,
  maxPageSize: 100,
  recentLimitDefault: 10,
  adminDefaultTimeRange: 'month',
  httpTimeoutMs: 300_000,
  generationTimeoutMs: 300_000,
  editTimeoutMs: 600_000,
  messageSendTimeoutMs: 10_000,
  socketReconnectDelayMs: 1000,
  socketReconnectDelayMaxMs: 5000,
  socketReconnectAttempts: 5,
  ogImageWidth: 1200,
  ogImageHeight: 630,
} as const;

export const THEMES = ['light', 'dark', 'ocean', 'forest', 'sunset'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  theme: 'app-theme',
  persistRoot: 'root',
} as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const API_BASE = '/api/v1';
