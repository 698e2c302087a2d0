import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformSync } from '@swc/core';

// Jest 30 on Node 20 cannot require() a file of a `"type": "module"` package, although Node
// itself can (since 20.19), so the built server is unaffected. Three packages on the api's path
// are such: marked 18 (ours), content-disposition 3 (@fastify/static) and cookie 2 (fastify's
// inject, through light-my-request). Each is one file without imports, so tests get that very
// file compiled to CommonJS by swc. This goes away when tests run on Node >= 24.9, where Jest
// supports require(esm). Import this module before anything else; doMock (not mock) because it
// must run after the paths below are computed.

function compileEsmToCommonJs(filename: string): unknown {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  new Function('module', 'exports', code)(module, module.exports);
  return module.exports;
}

/** Resolves `name` the way `requirer` (a package's entry file) resolves it. */
function resolveFrom(requirer: string, name: string): string {
  return createRequire(requirer).resolve(name);
}

const fastifyEntry = require.resolve('fastify');
const esmOnlyFiles = [
  require.resolve('marked'),
  resolveFrom(require.resolve('@fastify/static'), 'content-disposition'),
  resolveFrom(resolveFrom(fastifyEntry, 'light-my-request'), 'cookie'),
];

for (const file of esmOnlyFiles) {
  jest.doMock(file, () => compileEsmToCommonJs(file));
}
