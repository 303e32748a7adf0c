import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Partner connection secrets at rest: AES-256-GCM with a key derived by HKDF-SHA256 (RFC 5869)
 * from `EXCHANGE_SECRET_KEY` (config.ts). Unlike exchange clients' secrets, these must be read
 * back to authenticate at the partner, so they are encrypted rather than hashed. The stored text
 * is `v1.<iv>.<tag>.<ciphertext>` in base64url; the row id is the associated data, so a secret
 * copied onto another row does not decrypt.
 */
const VERSION = 'v1';

function keyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'klimadesk', 'exchange connection secret', 32));
}

export function encryptSecret(material: string, rowId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(material), iv);
  cipher.setAAD(Buffer.from(rowId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(material: string, rowId: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(material), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
