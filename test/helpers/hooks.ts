// Mocha root hooks: stop the shared server once, after every test file ran.
import { stopHarness } from './harness.js';

export const mochaHooks = {
  async afterAll() {
    await stopHarness();
  },
};
