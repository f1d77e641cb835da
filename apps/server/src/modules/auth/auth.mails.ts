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

export function passwordGuessesMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Several wrong passwords on your Atelier account',
    text: [
      `Hi ${name},`,
      '',
      'Your current password was entered wrongly several times on your Atelier account, so further',
      'tries are paused for a while.',
      '',
      'If this was not you, someone may be signed in as you: change your password in Settings, or use',
      '"Forgot password" on the sign-in screen, and sign out your other devices.',
    ].join('\n'),
  };
}

export function providerLinkedMail(to: string, name: string, provider: string): MailMessage {
  return {
    to,
    subject: `Your Atelier account is now linked with ${provider}`,
    text: [
      `Hi ${name},`,
      '',
      `You signed in to Atelier with ${provider} using this address. The account with this address had`,
      'not been verified yet, so to keep it yours its earlier password was removed and every device',
      'signed in to it was signed out.',
      '',
      `Sign in with ${provider}, or choose a new password with "Forgot password" on the sign-in screen.`,
    ].join('\n'),
  };
}
