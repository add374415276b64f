import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../shared/config.ts';

/**
 * Webhook signing secrets must be readable by the delivery worker (it signs with them), so they
 * cannot be hashed like passwords or API keys. They are sealed with AES-256-GCM under a key that is
 * not in the document store, so a copy of the database alone does not reveal them.
 *
 * Key material, first found wins: ALERTS_SECRET_KEY; JWT_ACCESS_SECRET (production requires it,
 * and every role of one deployment shares it); otherwise a random key kept in
 * DATA_DIR/alerts-secret.key (embedded set-ups, every role on one machine).
 */
export interface SecretBox {
  /** Fingerprint of the key, stored beside each sealed value so a key change is reported clearly. */
  readonly keyId: string;
  seal(plain: string): string;
  /** Null when the value was sealed under another key or was tampered with. */
  open(sealed: string): string | null;
}

export const KEY_FILE = 'alerts-secret.key';

function keyMaterial(config: Pick<Config, 'ALERTS_SECRET_KEY' | 'JWT_ACCESS_SECRET' | 'DATA_DIR'>): string {
  if (config.ALERTS_SECRET_KEY) return `alerts:${config.ALERTS_SECRET_KEY}`;
  if (config.JWT_ACCESS_SECRET) return `jwt:${config.JWT_ACCESS_SECRET}`;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, KEY_FILE);
  try {
    // 'wx': two processes starting together cannot both write a key; the loser reads the winner's.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return `file:${readFileSync(file, 'utf8').trim()}`;
}

export function createSecretBox(config: Pick<Config, 'ALERTS_SECRET_KEY' | 'JWT_ACCESS_SECRET' | 'DATA_DIR'>): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial(config), 'concord', 'alert-webhook-secrets', 32));
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** One box per key source, so the API and the alerts role of one process share it. */
export function secretBoxFor(config: Pick<Config, 'ALERTS_SECRET_KEY' | 'JWT_ACCESS_SECRET' | 'DATA_DIR'>): SecretBox {
  const id = `${config.ALERTS_SECRET_KEY ?? ''}\u0000${config.JWT_ACCESS_SECRET ?? ''}\u0000${config.DATA_DIR}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config);
    boxes.set(id, box);
  }
  return box;
}
