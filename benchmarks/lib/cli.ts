// Option parsers shared by the benchmark commands: a bad value is a clear message, never a NaN that runs.
import { InvalidArgumentError } from 'commander';

/** An integer in [min, max]; `_` separators allowed (10_000_000). */
export const int = (min: number, max: number) => (raw: string): number => {
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
  return n;
};

/** A mistake in how the command was called or in what it was pointed at: printed as one line, without a stack. */
export class BenchUsageError extends Error {}

/** Runs a command's main: usage errors as one line, anything else with its stack; exit code 1 either way. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof BenchUsageError ? `${name}: ${err.message}` : `${name}: ${(err as Error)?.stack ?? String(err)}`);
    process.exit(1);
  });
}
