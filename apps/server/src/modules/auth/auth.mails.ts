import type { MailMessage } from '../../platform/mail/mailer.js';

const minutes = (ms: number) => Math.round(ms / 60_000);

export function verificationMail(to: string, name: string, code: string, ttlMs: number): MailMessage {
  return {
    to,
    subject: 'Your Atelier verification code',
    text: [
      `Hi ${name},`,
      '',
      `Your verification code is ${code}`,
      '',
      `Enter it in Atelier to confirm your email address. It expires in ${minutes(ttlMs)} minutes.`,
      'If you did not create an Atelier account, you can ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, name: string, code: string, ttlMs: number): MailMessage {
  return {
    to,
    subject: 'Your Atelier password reset code',
    text: [
      `Hi ${name},`,
      '',
      `Your password reset code is ${code}`,
      '',
      `Enter it on the reset screen to choose a new password. It expires in ${minutes(ttlMs)} minutes.`,
      'If you did not ask to reset your password, you can ignore this message; your password stays the same.',
    ].join('\n'),
  };
}
