// Tests run TypeScript through tsx, with the flag the embedded engine needs (see bin/switchyard.js).
// Files named on the command line run alone (mocha would otherwise add them to the default spec).
const named = process.argv.slice(2).some((a) => a.endsWith('.ts'));
module.exports = {
  'node-option': ['disable-wasm-trap-handler', 'import=tsx'],
  ...(named ? {} : { spec: ['test/**/*.test.ts'] }),
  require: ['test/helpers/hooks.ts'],
  timeout: 30000,
  exit: true,
};
