// The server log, read as an operator would: invitation and password reset mails are named there but their
// live tokens are not, and a failed database query is logged with its statement but without its values.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { mailsTo } from '../../../src/server/platform/mail/mailOutbox.repository.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { jsonLinesLogger } from '../../../src/server/platform/jobs/logger.ts';
import { requestPasswordReset } from '../../../src/server/account/passwords.service.ts';
import type { FastifyInstance } from 'fastify';
import { call, createTestDatabase, testConfig, tokenFor, type TestDatabase } from './harness.ts';

const lines: string[] = [];
let app: FastifyInstance;
let db: TestDatabase;
let config: ReturnType<typeof testConfig>;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase('pglite');
  config = testConfig();
  app = await buildApp({ ...config, logLevel: 'info' }, { database: db, logStream: { write: (line: string) => void lines.push(line) } });
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  token = await tokenFor({ db, config }, admin?.id ?? '');
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  config?.cleanup();
});

function tokenOf(link: string): string {
  const token = /\/interaction\/password\/reset\/([^/?#]+)/.exec(link)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

describe('the server log', () => {
  it('names invitation and reset mails without their live tokens', async () => {
    const email = 'invited.person@surge.test';
    const created = await call({ app }, token, 'POST', '/api/mgmt/users', { email, firstName: 'Invited', lastName: 'Person', role: 'contributor' });
    expect(created.status, created.text).toBe(201);
    await requestPasswordReset(app.surge.ctx, email);
    const mails = await mailsTo(db.db, email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['invitation', 'password_reset']);
    const log = lines.join('');
    for (const mail of mails) {
      expect(log).not.toContain(tokenOf(mail.link ?? ''));
      expect(log).toContain(mail.id);
    }
    expect(log).toContain('/interaction/password/reset/[redacted]');
  });

  it('keeps the statement of a failed query but not its parameters', async () => {
    const secret = 'Confidential-Value-4711';
    const error = await db.db.execute(sql`select ${secret}::integer as n`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(secret);
    app.log.error({ err: error }, 'database error');
    const record = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { message: string; query?: string; cause?: { code?: string } } }).findLast((r) => r.msg === 'database error');
    expect(record?.err?.query).toContain('::integer');
    expect(record?.err?.cause?.code).toBe('22P02');
    expect(lines.join('')).not.toContain(secret);
  });

  it('keeps them out of worker logs too', async () => {
    const secret = 'Worker-Secret-0815';
    const error = await db.db.execute(sql`select ${secret}::uuid as id`).then(
      () => undefined,
      (e: unknown) => e,
    );
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      jsonLinesLogger({ worker: 'test' }).error({ err: error }, 'job failed');
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('')).toContain('job failed');
    expect(written.join('')).not.toContain(secret);
  });
});
