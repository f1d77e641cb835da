import { z } from 'zod';
import { LIMITS, ROLES } from '../limits.js';
import { MSG } from '../messages.js';

/** The new-password rules of spec §5, in the order the spec lists them. */
export const newPassword = z
  .string()
  .max(128, 'Password must be at most 128 characters long')
  .min(LIMITS.passwordMinLength, MSG.validation.passwordMin)
  .regex(/[A-Z]/, MSG.validation.passwordUpper)
  .regex(/[a-z]/, MSG.validation.passwordLower)
  .regex(/[0-9]/, MSG.validation.passwordNumber);

export const email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254);

export const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters long')
  .max(30, 'Username must be at most 30 characters long')
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

/** Names that would read as the platform speaking (refused at sign-up and on a profile change). */
export const RESERVED_USERNAMES = ['support', 'admin', 'administrator', 'atelier', 'moderator', 'staff', 'system', 'help'] as const;
export const USERNAME_RESERVED = 'This username is reserved';

/** Whether a username is reserved: one of the list, or anything containing `atelier` or `support`. */
export function isReservedUsername(name: string): boolean {
  const n = name.trim().toLowerCase();
  return (RESERVED_USERNAMES as readonly string[]).includes(n) || n.includes('atelier') || n.includes('support');
}

export const resetCode = z.string().regex(/^\d{6}$/, MSG.validation.codeIncomplete);

export const registerBody = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100),
  username,
  email,
  password: newPassword,
  referralCode: z.string().trim().max(32).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleBody = z.object({ idToken: z.string().min(1).max(8192) });
export const facebookBody = z.object({ accessToken: z.string().min(1).max(8192) });
export const logoutBody = z.object({ token: z.string().max(512).optional() });
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
export const forgotPasswordBody = z.object({ email });
export const verifyResetOtpBody = z.object({ email, code: resetCode });
export const resetPasswordBody = z.object({ resetToken: z.string().min(1).max(2048), newPassword });
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128),
  newPassword,
});
export const verifyEmailBody = z.object({ code: resetCode });

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  credits: z.number().int(),
  isVerified: z.boolean(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const userSettings = z.object({
  emailNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  profileVisibility: z.enum(['public', 'private']),
  theme: z.string().nullable(),
  /** Mature items show in lists and open without a gate; off by default. */
  showMature: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const authTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: publicUser,
});
export type AuthTokens = z.infer<typeof authTokens>;

export const sessionInfo = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** The contact form (POST /contact); open to everyone, signed in or not. */
export const contactBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters long'),
  email,
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters long'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters long'),
});
export type ContactBody = z.infer<typeof contactBody>;
