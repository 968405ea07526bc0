// Timestamps in, timestamps out. ClickHouse's basic DateTime parser rejects `...Z` and `T`, so rows carry
// `YYYY-MM-DD hh:mm:ss.sss` in UTC, which every engine and every input setting accepts.
import { ValidationError } from '../errors.js';

// ISO 8601 date-time; a missing zone means UTC. Fractions beyond milliseconds are truncated.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
// DateTime64(3) holds 1900-01-01 .. 2299-12-31.
const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(2299, 11, 31, 23, 59, 59, 999);

/** Epoch milliseconds of an ISO 8601 string or a number of epoch milliseconds; ValidationError naming `field`. */
export function parseTimestamp(value: string | number, field: string): number {
  let ms: number;
  if (typeof value === 'number') {
    ms = Math.trunc(value);
  } else {
    const m = ISO.exec(value.trim());
    if (!m) throw new ValidationError(`${field}: must be an ISO 8601 date-time or epoch milliseconds, got ${JSON.stringify(value)}`, field);
    const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
    const local = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, +frac.padEnd(3, '0').slice(0, 3));
    const check = new Date(local);
    if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59) {
      throw new ValidationError(`${field}: not a valid date-time: ${JSON.stringify(value)}`, field);
    }
    ms = local - zoneOffsetMs(zone);
  }
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) {
    throw new ValidationError(`${field}: out of range (1900-01-01 .. 2299-12-31)`, field);
  }
  return ms;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
}

/** `2026-01-02 03:04:05.678` (UTC): the row format. */
export function toDbTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
}

/** Row format (`2026-01-02 03:04:05.678`, UTC) -> ISO 8601 with milliseconds and `Z`. */
export function fromDbTime(value: string): string {
  return value.length >= 19 ? `${value.slice(0, 10)}T${value.slice(11, 23).padEnd(12, '.000').slice(0, 12)}Z` : value;
}
