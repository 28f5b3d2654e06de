// What the environment configures: Help menu links and the support address in GET /api/config, the first
// organisation's feature flags, and the support account (created once, in the internal organisation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpLinks, supportEmail } from '../../../src/client/app/clientConfig.ts';
import { featuresFrom, loadConfig } from '../../../src/server/platform/config.ts';
import { findOrganization } from '../../../src/server/account/organizations.repository.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { ensureSupportUser, INTERNAL_ORGANIZATION_NAME } from '../../../src/server/account/provisioning.ts';
import { verifyPassword } from '../../../src/server/account/identity/passwordHashing.ts';
import { call, startTestApp, type TestApp } from '../server/harness.ts';

const ENV = {
  SURGE_HELP_KNOWLEDGE_BASE_URL: 'https://help.example.com/kb',
  SURGE_HELP_TICKET_PORTAL_URL: 'https://help.example.com/tickets',
  SURGE_HELP_FEEDBACK_SESSION_URL: 'https://calendar.example.com/feedback',
  SURGE_SUPPORT_EMAIL: 'Support@Example.com',
  SURGE_FEATURES: 'upload_preprocessing, pontoon',
  SURGE_SUPPORT_USER_EMAIL: 'staff@surge.test',
  SURGE_SUPPORT_USER_PASSWORD: 'Support-password-1',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: ENV });
});
afterAll(async () => t?.close());

describe('public configuration', () => {
  it('carries the configured help links and support address, and the Help menu orders them', async () => {
    const config = (await call(t, null, 'GET', '/api/config')).json();
    expect(config.helpLinks).toEqual({
      knowledgeBase: 'https://help.example.com/kb',
      ticketPortal: 'https://help.example.com/tickets',
      bookFeedbackSession: 'https://calendar.example.com/feedback',
    });
    expect(config.supportEmail).toBe('support@example.com');
    const menu = helpLinks(config);
    expect(menu.main.map((l) => [l.label, l.href])).toEqual([
      ['Knowledge Base', 'https://help.example.com/kb'],
      ['Python Documentation', '/api/docs'],
      ['Ticket Portal', 'https://help.example.com/tickets'],
      ['Book Feedback Session', 'https://calendar.example.com/feedback'],
    ]);
    expect(menu.submitTicket?.href).toMatch(/^mailto:support@example\.com\?subject=/);
    expect(supportEmail(config)).toBe('support@example.com');
  });

  it('leaves out what is not configured and refuses links that are no web or mail address', () => {
    expect(helpLinks({}).main.map((l) => l.key)).toEqual(['pythonDocumentation']);
    expect(helpLinks({}).submitTicket).toBeNull();
    expect(helpLinks({ helpLinks: { knowledgeBase: 'javascript:alert(1)', submitTicket: 'https://t.example.com' } })).toEqual({
      main: [{ key: 'pythonDocumentation', label: 'Python Documentation', href: '/api/docs' }],
      submitTicket: { key: 'submitTicket', label: 'Submit Ticket', href: 'https://t.example.com' },
    });
    expect(() => loadConfig({ SURGE_HELP_SUBMIT_TICKET_URL: 'javascript:alert(1)' }, 3000)).toThrow(/SURGE_HELP_SUBMIT_TICKET_URL/);
    expect(() => loadConfig({ SURGE_SUPPORT_EMAIL: 'not an address' }, 3000)).toThrow(/SURGE_SUPPORT_EMAIL/);
  });
});

describe('features and the support account', () => {
  it('applies SURGE_FEATURES to the first organisation', async () => {
    expect((await findOrganization(t.db.db, t.organizationId))?.features).toEqual(['upload_preprocessing', 'pontoon']);
    expect(featuresFrom({})).toBeUndefined();
    expect(featuresFrom({ SURGE_FEATURES: '' })).toEqual([]);
    expect(() => featuresFrom({ SURGE_FEATURES: 'Upload Preprocessing' })).toThrow(/SURGE_FEATURES/);
  });

  it('creates the support account once, in the internal organisation, and never promotes an existing account', async () => {
    const staff = await findUserByEmail(t.db.db, 'staff@surge.test');
    expect(staff?.role).toBe('support');
    expect(await verifyPassword('Support-password-1', staff?.passwordHash)).toBe(true);
    const internal = await findOrganization(t.db.db, staff?.organizationId ?? '');
    expect(internal).toMatchObject({ name: INTERNAL_ORGANIZATION_NAME, subscription: { kind: 'internal' } });

    const log = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof ensureSupportUser>[2];
    await ensureSupportUser(t.db.db, { email: 'staff@surge.test' }, log);
    await ensureSupportUser(t.db.db, { email: t.admin.email }, log);
    expect((await findUserByEmail(t.db.db, t.admin.email))?.role).toBe('manager');
    const second = { email: 'second-staff@surge.test' };
    await ensureSupportUser(t.db.db, second, log);
    const secondRow = await findUserByEmail(t.db.db, second.email);
    expect(secondRow).toMatchObject({ role: 'support', organizationId: staff?.organizationId, passwordHash: null });
  });
});
