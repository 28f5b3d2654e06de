// Outgoing mail. Without an SMTP relay (embedded mode) mails stay in the outbox (table mail_outbox),
// where an operator finds the link to hand on; the server log names the mail but never carries the live
// token of its link.
import { insertMail } from './mailOutbox.repository.ts';
import { redactUrl } from '../http/logging.ts';
import type { Executor } from '../db/client.ts';
import type { ServiceContext } from '../context.ts';

export type Mail = {
  kind: 'password_reset' | 'invitation';
  recipient: string;
  subject: string;
  body: string;
  link: string;
};

export async function sendMail(ctx: ServiceContext, mail: Mail, db: Executor = ctx.db): Promise<void> {
  const row = await insertMail(db, mail);
  ctx.log.info(
    { mail: { id: row.id, kind: mail.kind, to: mail.recipient } },
    `${mail.subject} for ${mail.recipient}: ${redactUrl(mail.link)} (the full link is in the mail outbox)`,
  );
}
