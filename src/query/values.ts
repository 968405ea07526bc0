// Exact value handling: ISO 8601 instants and numbers compared against integer columns (milliseconds, nano-USD,
// token counts) without float rounding or Int64 overflow.

/** An instant: whole milliseconds since the epoch plus the nanoseconds below them (0..999999). */
export interface Instant {
  readonly ms: number;
  readonly subMsNanos: number;
}

/**
 * A threshold t for `column <op> t` over an integer column, as floor(t) and whether t is that integer exactly.
 * A non-integer t between two integers never equals a stored value; `> t` is `> floor(t)`, `< t` is `<= floor(t)`.
 */
export interface IntThreshold {
  readonly floor: bigint;
  readonly exact: boolean;
}

// DateTime64(3) holds 1900-01-01 .. 2299-12-31; outside it a comparison would silently wrap.
export const MIN_INSTANT_MS = Date.UTC(1900, 0, 1);
export const MAX_INSTANT_MS = Date.UTC(2300, 0, 1) - 1;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** ISO 8601 date-time with a zone (`Z` or `±hh:mm`), 1900..2299; undefined when it is not one. */
export function parseInstant(s: string): Instant | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = Number(m[6] ?? 0);
  const frac = (m[7] ?? '').padEnd(9, '0');
  const offH = Number(m[10] ?? 0);
  const offM = Number(m[11] ?? 0);
  if (year < 1900 || year > 2299 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate() || offH > 23 || offM > 59) return undefined;
  const offsetMinutes = (m[9] === '-' ? -1 : 1) * (offH * 60 + offM);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.slice(0, 3))) - offsetMinutes * 60_000;
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS) return undefined;
  return { ms, subMsNanos: Number(frac.slice(3)) };
}

/** `YYYY-MM-DD hh:mm:ss.mmm` in UTC, the text form of a `DateTime64(3, 'UTC')` parameter. */
export function formatDateTime64(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export function instantThreshold(i: Instant): IntThreshold {
  return { floor: BigInt(i.ms), exact: i.subMsNanos === 0 };
}

/** Orders two instants: negative when a < b. */
export function compareInstants(a: Instant, b: Instant): number {
  return a.ms !== b.ms ? a.ms - b.ms : a.subMsNanos - b.subMsNanos;
}

/** A JSON number as a threshold over an integer column. */
export function numberThreshold(v: number): IntThreshold {
  return Number.isInteger(v) ? { floor: BigInt(v), exact: true } : { floor: BigInt(Math.floor(v)), exact: false };
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * A USD amount as a threshold over nano-USD. Uses the number's shortest decimal form (what the client wrote, e.g.
 * 0.1 is 100000000 nano-USD exactly), in BigInt arithmetic: no float rounding, no overflow.
 */
export function usdToNanoThreshold(usd: number): IntThreshold {
  const m = DECIMAL.exec(String(usd));
  if (!m) throw new RangeError(`not a finite number: ${usd}`);
  const negative = m[1] === '-';
  const digits = BigInt((m[2] ?? '') + (m[3] ?? ''));
  const exponent = Number(m[4] ?? 0) - (m[3]?.length ?? 0) + 9;
  if (exponent >= 0) {
    const n = digits * 10n ** BigInt(exponent);
    return { floor: negative ? -n : n, exact: true };
  }
  const scale = 10n ** BigInt(-exponent);
  const q = digits / scale;
  const exact = digits % scale === 0n;
  return negative ? { floor: -q - (exact ? 0n : 1n), exact } : { floor: q, exact };
}
