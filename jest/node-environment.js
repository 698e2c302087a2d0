// The API's tests run in Node with the typed arrays of the process itself, not of jest's sandbox:
// ONNX Runtime's native binding (the bot's sentence encoder) returns the process's Float32Array,
// which the runtime's JavaScript, loaded in the sandbox, would otherwise not take for one.
const { TestEnvironment } = require('jest-environment-node');

/**
 * Embedded databases an API test file's apps handed back when they closed
 * (api/test/support/test-databases.ts), for the next test file this jest process runs: this
 * module outlives each file's sandbox. Each entry holds only the worker thread and plain values,
 * nothing of the sandbox that released it.
 */
const idleTestDatabases = [];

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Float32Array = Float32Array;
    this.global.BigInt64Array = BigInt64Array;
    this.global.parleyIdleTestDatabases = idleTestDatabases;
  }
}

module.exports = NodeEnvironment;
