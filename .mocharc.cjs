// Tests run TypeScript through tsx, with the flag the embedded engine needs (see bin/switchyard.js).
module.exports = {
  'node-option': ['disable-wasm-trap-handler', 'import=tsx'],
  spec: ['test/**/*.test.ts'],
  require: ['test/helpers/hooks.ts'],
  timeout: 30000,
  exit: true,
};
