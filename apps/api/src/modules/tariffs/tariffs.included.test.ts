import { describe, expect, it } from 'vitest';
import { type ModuleBooking, withIncludedBookings } from './tariffs.service.ts';

const booked = (module: ModuleBooking['module']): ModuleBooking => ({
  module,
  state: 'booked',
  trialEnd: null,
});
const trial = (module: ModuleBooking['module'], trialEnd: string): ModuleBooking => ({
  module,
  state: 'trial',
  trialEnd,
});

describe('a CSRD booking includes VSME (issue 40)', () => {
  it('adds VSME with the CSRD booking’s state, in module order', () => {
    expect(withIncludedBookings([booked('cft'), booked('csrd')])).toEqual([
      booked('cft'),
      booked('csrd'),
      booked('vsme'),
    ]);
    expect(withIncludedBookings([trial('csrd', '2026-12-14')])).toEqual([
      trial('csrd', '2026-12-14'),
      trial('vsme', '2026-12-14'),
    ]);
  });

  it('keeps VSME booked alone, and lets the better of the two rule', () => {
    expect(withIncludedBookings([booked('vsme')])).toEqual([booked('vsme')]);
    // A paid CSRD beside a VSME trial: VSME is booked, no countdown.
    expect(withIncludedBookings([booked('csrd'), trial('vsme', '2026-12-01')])).toEqual([
      booked('csrd'),
      booked('vsme'),
    ]);
    // A paid VSME beside a CSRD trial stays booked; of two trials the later end counts.
    expect(withIncludedBookings([trial('csrd', '2026-12-01'), booked('vsme')])[1]).toEqual(booked('vsme'));
    expect(withIncludedBookings([trial('csrd', '2026-12-20'), trial('vsme', '2026-12-01')])[1]).toEqual(
      trial('vsme', '2026-12-20'),
    );
  });
});
