// Outgoing mail. Without an SMTP relay (embedded mode) mails stay in the outbox and their link is
// printed to the server log, so that an operator can hand it on.
import { insertMail } from '../db/mailOutbox.ts';
import type { Executor } from '../db/client.ts';
import type { ServiceContext } from './context.ts';

export type Mail = {
  kind: 'password_reset' | 'invitation';
  recipient: string;
  subject: string;
  body: string;
  link: string;
};

export async function sendMail(ctx: ServiceContext, mail: Mail, db: Executor = ctx.db): Promise<void> {
  await insertMail(db, mail);
  ctx.log.info({ mail: { kind: mail.kind, to: mail.recipient } }, `${mail.subject} for ${mail.recipient}: ${mail.link}`);
}
