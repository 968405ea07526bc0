#!/usr/bin/env node
// Launcher: runs src/main.ts under tsx with the flags the embedded engine needs.
// --disable-wasm-trap-handler: without it a WebAssembly fault after chDB opens kills Node (CHDB-NOTES).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  ['--disable-wasm-trap-handler', '--import', import.meta.resolve('tsx'), path.join(root, 'src/main.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: { UV_THREADPOOL_SIZE: '16', ...process.env } },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
