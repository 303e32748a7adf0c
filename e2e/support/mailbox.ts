import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type Mail = { to: string[]; receivedAt: number; raw: string; subject: string; text: string };

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const m = /^=([0-9A-Fa-f]{2})/.exec(src.slice(i, i + 3));
    if (m) {
      bytes.push(parseInt(m[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The decoded text of every MIME part (enough for the plain and HTML bodies of our mails). */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const subject = decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' '));
  const texts: string[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const idx = part.search(/\r?\n\r?\n/);
    if (idx < 0) continue;
    const headers = part.slice(0, idx);
    const body = part.slice(idx).replace(/^\r?\n\r?\n/, '');
    const cte = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (cte === 'base64') texts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (cte === 'quoted-printable') texts.push(decodeQuotedPrintable(body));
    else texts.push(body);
  }
  return { subject, text: texts.join('\n') };
}

function readAll(): Mail[] {
  const dir = process.env.KD_MAIL_DIR;
  if (!dir) throw new Error('KD_MAIL_DIR is not set; is the global setup running?');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<Mail, 'subject' | 'text'>;
      return { ...m, ...parseMail(m.raw) };
    });
}

/** Waits for the newest mail to an address received after `since`. */
export async function waitForMail(
  to: string,
  opts: { since?: number; timeoutMs?: number; subject?: RegExp } = {},
): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  const address = to.toLowerCase();
  for (;;) {
    const found = readAll()
      .filter(
        (m) =>
          m.to.includes(address) &&
          m.receivedAt >= (opts.since ?? 0) &&
          (!opts.subject || opts.subject.test(m.subject)),
      )
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const re = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`);
  const m = re.exec(mail.text);
  if (!m) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}"`);
  return m[0].replace(/&amp;/g, '&');
}
