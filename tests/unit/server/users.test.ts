// Users over the API: own profile, team management rules, password change and reset by a manager,
// invitations in the mail outbox, and two-factor enrolment; single sign-on users may not touch either.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../support/login.ts';
import { verifyPassword } from '../../../src/server/account/identity/passwordHashing.ts';
import { mailsTo } from '../../../src/server/platform/mail/mailOutbox.repository.ts';
import { authenticators } from '../../../src/server/platform/db/schema.ts';
import { findUser } from '../../../src/server/account/users.repository.ts';
import { ADMIN_PASSWORD, call, createUser, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tokenFor(t, t.admin.id);
});
afterAll(async () => t?.close());

describe('profile', () => {
  it('returns the signed-in user with role, permissions and organisation', async () => {
    const me = (await call(t, manager, 'GET', '/api/users')).json();
    expect(me).toMatchObject({
      email: 'admin@surge.test',
      role: 'manager',
      fullName: 'Surge Admin',
      mfaEnabled: false,
      organization: { id: t.organizationId, name: 'Surge', features: expect.any(Array) },
    });
  });

  it('updates the profile and validates it', async () => {
    const user = await createUser(t, t.organizationId, 'contributor');
    const token = await tokenFor(t, user.id);
    const r = await call(t, token, 'PUT', '/api/users', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+44 20 7946 0958',
      department: 'CFD engineer',
      location: 'London',
      avatarId: 'octopus',
    });
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ fullName: 'Ada Lovelace', department: 'CFD engineer', avatarId: 'octopus' });
    const bad = await call(t, token, 'PUT', '/api/users', { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: 'call me' });
    expect(bad.json()).toMatchObject({ title: 'validation_error', description: 'Invalid phone number format' });
    const missing = await call(t, token, 'PUT', '/api/users', { firstName: '', lastName: 'L' });
    expect(missing.json().title).toBe('validation_error');
    expect((await findUser(t.db.db, user.id))?.firstName).toBe('Ada');
  });
});

describe('team management', () => {
  it('creates a member with an invitation, edits and deletes them', async () => {
    const created = await call(t, manager, 'POST', '/api/mgmt/users', { email: ' New.Member@Surge.test ', firstName: 'New', lastName: 'Member', role: 'contributor' });
    expect(created.status).toBe(201);
    const member = created.json();
    expect(member).toMatchObject({ email: 'new.member@surge.test', role: 'contributor', active: true });
    const [mail] = await mailsTo(t.db.db, 'new.member@surge.test');
    expect(mail).toMatchObject({ kind: 'invitation' });
    expect(mail.link).toMatch(/\/interaction\/password\/reset\/[A-Za-z0-9_-]+$/);

    const duplicate = await call(t, manager, 'POST', '/api/mgmt/users', { email: 'new.member@surge.test', firstName: 'A', lastName: 'B', role: 'contributor' });
    expect(duplicate.json()).toMatchObject({ status: 409, title: 'duplicate_key' });
    const badEmail = await call(t, manager, 'POST', '/api/mgmt/users', { email: 'nope', firstName: 'A', lastName: 'B', role: 'contributor' });
    expect(badEmail.json()).toMatchObject({ status: 400, title: 'email_format_wrong' });
    const internalRole = await call(t, manager, 'POST', '/api/mgmt/users', { email: 'x@surge.test', firstName: 'A', lastName: 'B', role: 'admin' });
    expect(internalRole.json().title).toBe('validation_error');

    const edited = await call(t, manager, 'PUT', `/api/mgmt/users/${member.id}`, { role: 'manager', department: 'Lead' });
    expect(edited.json()).toMatchObject({ role: 'manager', department: 'Lead', firstName: 'New' });

    // Their projects pass to the manager who deletes them.
    const memberToken = await tokenFor(t, member.id);
    const project = (await call(t, memberToken, 'POST', '/api/projects', { name: 'Inherited' })).json();
    expect((await call(t, manager, 'DELETE', `/api/mgmt/users/${member.id}`)).status).toBe(200);
    expect((await call(t, memberToken, 'GET', '/api/users')).status).toBe(401);
    expect((await call(t, manager, 'GET', `/api/projects/${project.id}`)).json().creator.id).toBe(t.admin.id);
  });

  it('protects internal staff and the caller themselves', async () => {
    const support = await createUser(t, t.organizationId, 'support');
    expect((await call(t, manager, 'PUT', `/api/mgmt/users/${support.id}`, { firstName: 'X' })).status).toBe(403);
    expect((await call(t, manager, 'DELETE', `/api/mgmt/users/${support.id}`)).status).toBe(403);
    const self = await call(t, manager, 'DELETE', `/api/mgmt/users/${t.admin.id}`);
    expect(self.json()).toMatchObject({ status: 403, description: 'You cannot delete yourself.' });
    const ownRole = await call(t, manager, 'PUT', `/api/mgmt/users/${t.admin.id}`, { role: 'contributor' });
    expect(ownRole.json().title).toBe('wrong_input');
    expect((await findUser(t.db.db, t.admin.id))?.role).toBe('manager');
  });
});

describe('passwords', () => {
  it('changes the own password only with the current one', async () => {
    const user = await createUser(t, t.organizationId, 'contributor', { password: 'first-password' });
    const token = await tokenFor(t, user.id);
    const wrong = await call(t, token, 'POST', '/api/auth/password', { currentPassword: 'nope', newPassword: 'second-password' });
    expect(wrong.json()).toMatchObject({ status: 400, title: 'wrong_input' });
    const short = await call(t, token, 'POST', '/api/auth/password', { currentPassword: 'first-password', newPassword: 'short' });
    expect(short.json().title).toBe('validation_error');
    const ok = await call(t, token, 'POST', '/api/auth/password', { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(ok.status).toBe(200);
    expect(await verifyPassword('second-password', (await findUser(t.db.db, user.id))?.passwordHash)).toBe(true);
  });

  it('lets a manager set a member password', async () => {
    const user = await createUser(t, t.organizationId, 'contributor', { password: 'old-password' });
    expect((await call(t, manager, 'POST', `/api/mgmt/users/${user.id}/auth/password`, { password: 'set-by-manager' })).status).toBe(200);
    expect(await verifyPassword('set-by-manager', (await findUser(t.db.db, user.id))?.passwordHash)).toBe(true);
    expect(await verifyPassword(ADMIN_PASSWORD, (await findUser(t.db.db, t.admin.id))?.passwordHash)).toBe(true);
  });

  it('refuses single sign-on users', async () => {
    const sso = await createUser(t, t.organizationId, 'contributor', { ssoConnection: 'idp.example.com' });
    const token = await tokenFor(t, sso.id);
    expect((await call(t, token, 'POST', '/api/auth/password', { currentPassword: 'x', newPassword: 'long-enough-1' })).status).toBe(403);
    expect((await call(t, manager, 'POST', `/api/mgmt/users/${sso.id}/auth/password`, { password: 'long-enough-1' })).status).toBe(403);
    expect((await call(t, token, 'GET', '/api/auth/authenticators')).status).toBe(403);
    expect((await call(t, token, 'POST', '/api/auth/mfa')).status).toBe(403);
  });
});

describe('two-factor authenticators', () => {
  it('enrols with a current code, lists and removes', async () => {
    const user = await createUser(t, t.organizationId, 'contributor', { password: 'mfa-password' });
    const token = await tokenFor(t, user.id);
    const enrolment = (await call(t, token, 'POST', '/api/auth/mfa')).json();
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Surge:.*secret=/);
    expect((await call(t, token, 'GET', '/api/auth/authenticators')).json()).toEqual([]);
    // The seed is stored sealed, never as the base32 text the user's app got.
    const [stored] = await t.db.db.select().from(authenticators).where(eq(authenticators.id, enrolment.id));
    expect(stored.secret.startsWith('v1:')).toBe(true);
    expect(stored.secret).not.toContain(enrolment.secret);

    const wrong = await call(t, token, 'POST', '/api/auth/mfa/verify', { code: '000000' === totpCode(enrolment.secret) ? '111111' : '000000' });
    expect(wrong.json().title).toBe('validation_error');
    const malformed = await call(t, token, 'POST', '/api/auth/mfa/verify', { code: '12ab' });
    expect(malformed.json().title).toBe('validation_error');

    const confirmed = await call(t, token, 'POST', '/api/auth/mfa/verify', { code: totpCode(enrolment.secret), label: 'Phone' });
    expect(confirmed.status).toBe(200);
    const list = (await call(t, token, 'GET', '/api/auth/authenticators')).json();
    expect(list).toEqual([expect.objectContaining({ id: enrolment.id, type: 'totp', label: 'Phone' })]);
    expect((await call(t, token, 'GET', '/api/users')).json().mfaEnabled).toBe(true);

    const removed = await call(t, token, 'DELETE', `/api/auth/authenticators/${enrolment.id}`);
    expect(removed.status).toBe(204);
    expect((await call(t, token, 'GET', '/api/auth/authenticators')).json()).toEqual([]);
    expect((await call(t, token, 'DELETE', `/api/auth/authenticators/${enrolment.id}`)).status).toBe(404);
  });
});

describe('organisation', () => {
  it('returns the organisation with subscription and credits, its storage use and no VMs', async () => {
    const organization = (await call(t, manager, 'GET', '/api/organizations')).json();
    expect(organization).toMatchObject({
      id: t.organizationId,
      name: 'Surge',
      credits: 1000,
      maximumSimulationsExceeded: false,
      activeSubscription: { kind: 'engineering', maxCores: 120, freeInstance: true },
    });
    const project = (await call(t, manager, 'POST', '/api/projects', { name: 'Storage' })).json();
    const simulation = (await call(t, manager, 'POST', `/api/projects/${project.id}/simulations`, { name: 'Stored' })).json();
    const { updateSimulation } = await import('../../../src/server/simulations/simulations.repository.ts');
    await updateSimulation(t.db.db, simulation.id, { sizeBytes: 123_456 });
    const storage = (await call(t, manager, 'GET', '/api/storage_consumption/organization')).json();
    expect(storage).toMatchObject({ consumedBytes: 123_456, availableBytes: 100 * 1024 ** 3 });
    expect((await call(t, manager, 'GET', '/api/projects?view=all&q=Storage')).json().results[0].size).toBe(123_456);

    expect((await call(t, manager, 'GET', '/api/remote_vms')).json()).toEqual([]);
    expect((await call(t, manager, 'GET', `/api/simulations/${simulation.id}/remote_vms`)).json()).toMatchObject({ status: 404, description: 'The Virtual Machine was not found' });
    expect((await call(t, manager, 'POST', `/api/simulations/${simulation.id}/remote_vms`)).json().title).toBe('wrong_input');
  });
});
