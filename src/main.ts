// Entry point. The libuv threadpool must be large enough that file I/O never waits behind engine queries
// (CHDB-NOTES: queued chDB queries hold threadpool threads); it is sized before anything uses it.
process.env.UV_THREADPOOL_SIZE ??= '16';
const { runCli } = await import('./cli/index.js');
await runCli(process.argv);
