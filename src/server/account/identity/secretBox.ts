// Encryption at rest of the secrets the server must read back (TOTP seeds), so that a copy of the database
// alone does not let anyone compute a user's codes. AES-256-GCM under a key kept outside the database:
// SURGE_SECRET_KEY (32 bytes, base64 or hex) when set, otherwise STORAGE_DIR/keys/secrets.key, made on
// first use with mode 0600. API replicas of a cluster share STORAGE_DIR, hence the key. Losing the key
// means every user enrols their authenticator again.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function decodeKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must hold ${KEY_BYTES} bytes, base64 or hex`);
  return key;
}

function keyFile(storageDir: string): Buffer {
  const dir = join(storageDir, 'keys');
  const path = join(dir, 'secrets.key');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // Exclusive create: of replicas starting together, one writes and the others read its key.
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(readFileSync(path, 'utf8'), path);
}

export interface SecretKeySource {
  storageDir: string;
  /** SURGE_SECRET_KEY, when set. */
  secretKey?: string;
}

function keyOf(source: SecretKeySource): Buffer {
  const id = source.secretKey ? `env:${source.secretKey}` : `dir:${source.storageDir}`;
  let key = keys.get(id);
  if (!key) {
    key = source.secretKey ? decodeKey(source.secretKey, 'SURGE_SECRET_KEY') : keyFile(source.storageDir);
    keys.set(id, key);
  }
  return key;
}

/** `plain` encrypted for storage: "v1:" + base64(iv | ciphertext | tag). */
export function sealSecret(source: SecretKeySource, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(source), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The plain text of a sealed secret; a value stored before encryption existed is returned as it is. */
export function openSecret(source: SecretKeySource, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret is truncated');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(source), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
