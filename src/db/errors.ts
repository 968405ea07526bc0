// Errors from ClickHouse, re-thrown with what an operator needs: the engine's code, the query id, the cause.
export class DbError extends Error {
  constructor(
    message: string,
    readonly queryId: string,
    readonly code: string | undefined,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'DbError';
  }
}

/** The data directory is locked by another process (embedded engine allows one process per path). */
export class EngineLockedError extends Error {
  constructor(readonly dataDir: string, override readonly cause: unknown) {
    super(`the embedded ClickHouse data directory ${dataDir} is in use by another process`);
    this.name = 'EngineLockedError';
  }
}

export function wrapDbError(err: unknown, queryId: string, what: string): DbError {
  const e = err as { message?: string; code?: string; type?: string };
  const code = e?.code ?? /Code: (\d+)/.exec(String(e?.message))?.[1];
  return new DbError(`${what} failed (query_id ${queryId}): ${e?.message ?? String(err)}`, queryId, code, err);
}
