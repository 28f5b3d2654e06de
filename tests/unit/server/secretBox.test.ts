// Secrets sealed at rest (TOTP seeds): AES-256-GCM under a key outside the database, from SURGE_SECRET_KEY
// or a key file made once under the storage directory.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../../src/server/account/identity/secretBox.ts';

const dirs: string[] = [];
function storageDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'surge-keys-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secret box', () => {
  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const source = { storageDir: storageDir() };
    const a = sealSecret(source, 'JBSWY3DPEHPK3PXP');
    const b = sealSecret(source, 'JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(source, a)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(source, b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('keeps its key in a private file that later starts reuse', () => {
    const dir = storageDir();
    const sealed = sealSecret({ storageDir: dir }, 'seed');
    const path = join(dir, 'keys', 'secrets.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(openSecret({ storageDir: dir }, sealed)).toBe('seed');
    // Another storage directory has another key: the sealed value does not open there.
    expect(() => openSecret({ storageDir: storageDir() }, sealed)).toThrow();
  });

  it('uses SURGE_SECRET_KEY when given, and refuses one of the wrong length', () => {
    const hex = 'ab'.repeat(32);
    const dir = storageDir();
    const sealed = sealSecret({ storageDir: dir, secretKey: hex }, 'seed');
    expect(openSecret({ storageDir: storageDir(), secretKey: Buffer.from(hex, 'hex').toString('base64') }, sealed)).toBe('seed');
    expect(() => sealSecret({ storageDir: dir, secretKey: 'too-short' }, 'seed')).toThrow('32 bytes');
  });

  it('refuses a tampered value and reads a seed stored before sealing existed as it is', () => {
    const source = { storageDir: storageDir() };
    const sealed = sealSecret(source, 'seed');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[14] ^= 1;
    expect(() => openSecret(source, `v1:${raw.toString('base64')}`)).toThrow();
    expect(() => openSecret(source, 'v1:AAAA')).toThrow('truncated');
    expect(openSecret(source, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});
