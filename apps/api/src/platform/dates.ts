/**
 * The instant a calendar day starts in a time zone (X-Timezone header), plus `addDays` days.
 * Date filters use it so "2026-03-01" means midnight where the user is, not in UTC.
 */
export function zonedDayStart(isoDate: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  const utcGuess = Date.UTC(y, m - 1, d + addDays);
  const offset = zoneOffsetMs(new Date(utcGuess), timeZone);
  const first = utcGuess - offset;
  // Re-check at the found instant: across a DST change the offset may differ from the guess.
  const corrected = utcGuess - zoneOffsetMs(new Date(first), timeZone);
  return new Date(corrected);
}

function zoneOffsetMs(at: Date, timeZone: string): number {
  return (wallClock(at, timeZone) as Date).getTime() - at.getTime();
}

/**
 * The wall-clock time of an instant in a time zone, written as if it were UTC (what a spreadsheet
 * cell, which has no time zone, should show to the user there).
 */
export function wallClock(date: Date | null, timeZone: string): Date | null {
  if (!date) return null;
  const parts = zoneFormatter(timeZone).formatToParts(date);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}

// Building an Intl formatter costs far more than using one; an export formats every row's dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}
