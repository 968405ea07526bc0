// Option parsers shared by the benchmark commands: a bad value is a clear message, never a NaN that runs.
import { InvalidArgumentError } from 'commander';

/** An integer in [min, max]; `_` separators allowed (10_000_000). */
export const int = (min: number, max: number) => (raw: string): number => {
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
  return n;
};
