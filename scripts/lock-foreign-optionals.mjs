#!/usr/bin/env node
// The npm registry reachable here lacks some platform-specific optional packages (e.g. @chdb/lib-darwin-arm64),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds a lock entry (os/cpu from the package name, no tarball) for each missing optional dependency;
// npm ci skips them on this platform. Run after any `npm install` that rewrites the lock.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pk = lock.packages;
let added = 0;
for (const [key, meta] of Object.entries(pk)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (pk[at] || pk[`${key}/${at}`]) continue;
    const os = /darwin/.test(name) ? 'darwin' : /win32/.test(name) ? 'win32' : /linux/.test(name) ? 'linux' : undefined;
    const cpu = /arm64/.test(name) ? 'arm64' : /x64/.test(name) ? 'x64' : /arm\b|-arm$/.test(name) ? 'arm' : undefined;
    if (!os || !cpu) continue;
    pk[at] = { version, optional: true, os: [os], cpu: [cpu] };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} lock entries`);
