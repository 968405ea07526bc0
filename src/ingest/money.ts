// Exact money: cost is stored as integer nano-USD (Int64). Conversions go through the decimal text of the number,
// so 0.000123 USD is exactly 123000 nano-USD (multiplying the double would give 123000.00000000001).
const NANO_DIGITS = 9;

/** USD (a non-negative JS number) -> nano-USD as a decimal string, rounded half up at the 9th decimal. */
export function usdToNano(usd: number): string {
  if (!Number.isFinite(usd) || usd < 0) throw new RangeError(`cost must be a finite non-negative number, got ${usd}`);
  // The shortest decimal text of the double is what the caller wrote (0.000123, 1e-7); shift it by 9 digits.
  const [mantissa = '0', exp = '0'] = String(usd).toLowerCase().split('e');
  const [int = '0', frac = ''] = mantissa.split('.');
  const digits = int + frac;
  const point = int.length + Number(exp) + NANO_DIGITS; // position of the decimal point in `digits` after the shift
  const whole = point <= 0 ? '0' : (digits + '0'.repeat(Math.max(0, point - digits.length))).slice(0, point);
  const next = point < 0 ? '0' : (digits[point] ?? '0');
  let nano = BigInt(whole);
  const padded = next;
  if (Number(padded) >= 5) nano += 1n;
  return nano.toString();
}

/** nano-USD (string or number from the engine) -> USD as a JS number. */
export function nanoToUsd(nano: string | number | bigint): number {
  const v = BigInt(nano);
  const whole = v / 10n ** BigInt(NANO_DIGITS);
  const rest = v % 10n ** BigInt(NANO_DIGITS);
  const sign = v < 0n ? '-' : '';
  const abs = (x: bigint) => (x < 0n ? -x : x);
  return Number(`${sign}${abs(whole)}.${abs(rest).toString().padStart(NANO_DIGITS, '0')}`);
}
