// The API's tests run in Node with the typed arrays of the process itself, not of jest's sandbox:
// ONNX Runtime's native binding (the bot's sentence encoder) returns the process's Float32Array,
// which the runtime's JavaScript, loaded in the sandbox, would otherwise not take for one.
const { TestEnvironment } = require('jest-environment-node');

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Float32Array = Float32Array;
    this.global.BigInt64Array = BigInt64Array;
  }
}

module.exports = NodeEnvironment;
