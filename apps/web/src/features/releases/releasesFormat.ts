import type { Language } from '@klimadesk/contract/constants';
import type { ReleaseNote } from '@klimadesk/contract/releases/schemas';

/** A release date (`YYYY-MM-DD`) as the reader writes days: 10.11.2026 or 10/11/2026. */
export function formatReleaseDate(day: string | null, lang: Language): string {
  if (!day) return '–';
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Notes grouped by version in the API's order (newest version first, then module and position). */
export function byVersion(
  notes: readonly ReleaseNote[],
): { version: string; releaseDate: string | null; released: 0 | 1; notes: ReleaseNote[] }[] {
  const out: ReturnType<typeof byVersion> = [];
  for (const note of notes) {
    let group = out.at(-1);
    if (!group || group.version !== note.version) {
      group = { version: note.version, releaseDate: note.releaseDate, released: note.released, notes: [] };
      out.push(group);
    }
    group.notes.push(note);
  }
  return out;
}
