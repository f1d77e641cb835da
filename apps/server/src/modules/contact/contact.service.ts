import type { ContactBody } from '@atelier/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/db.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { findSupportAccount } from '../auth/index.js';
import { insertContactMessage } from './contact.repository.js';

export interface ContactDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  config: Pick<Config, 'SUPPORT_EMAIL' | 'MAIL_FROM'>;
  log?: { error(obj: object, msg?: string): void };
}

/** The bare address of a "Name <address>" sender. */
export function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/** Where contact messages go: SUPPORT_EMAIL, else the first admin, else our own sender address. */
export async function supportInbox(deps: Pick<ContactDeps, 'db' | 'config'>): Promise<string> {
  if (deps.config.SUPPORT_EMAIL) return deps.config.SUPPORT_EMAIL;
  const admin = await findSupportAccount(deps.db, { SUPPORT_EMAIL: undefined });
  return admin?.email ?? addressOf(deps.config.MAIL_FROM);
}

/**
 * Keeps the message, then mails it to support with the sender as Reply-To. The stored row is the
 * record; a mail that cannot be sent is logged rather than failing the person's request.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  body: ContactBody,
  sender: { id: string } | null,
): Promise<{ id: string }> {
  const row = await insertContactMessage(deps.db, {
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: body.message,
    userId: sender?.id ?? null,
    createdAt: deps.clock(),
  });
  const to = await supportInbox(deps);
  const subject = body.subject.replace(/[\r\n]+/g, ' ');
  try {
    await deps.mailer.send({
      to,
      replyTo: body.email,
      subject: `Contact form: ${subject}`,
      text: [
        `From: ${body.name} <${body.email}>`,
        sender ? `Signed-in account: ${sender.id}` : 'Not signed in',
        `Reference: ${row.id}`,
        '',
        body.message,
      ].join('\n'),
    });
  } catch (err) {
    deps.log?.error({ err, contactMessageId: row.id }, 'could not mail a contact message to support');
  }
  return row;
}
