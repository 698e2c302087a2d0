import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformSync } from '@swc/core';

// Jest 30 on Node 20 cannot require() a file of a `"type": "module"` package, although Node
// itself can (since 20.19), so the built server is unaffected. Four packages on the api's path
// are such: marked 18 and jose 6 (ours), content-disposition 3 (@fastify/static) and cookie 2
// (fastify's inject, through light-my-request). Tests get them compiled to CommonJS by swc: the
// entry file and the files it imports by relative path (jose is some fifty files; the others are
// one each). This goes away when tests run on Node >= 24.9, where Jest supports require(esm).
// @fastify/cookie, CommonJS itself, loads cookie 2 with import(), which Jest's sandbox refuses
// without --experimental-vm-modules: tests get a copy whose import() is a require() of the
// compiled cookie. Import this module before anything else; doMock (not mock) because it must
// run after the paths below are computed.

interface CompiledModule {
  exports: unknown;
}

function compileEsmToCommonJs(
  filename: string,
  compiled = new Map<string, CompiledModule>(),
): unknown {
  const done = compiled.get(filename);
  if (done) return done.exports;
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module: CompiledModule = { exports: {} };
  // Registered before it runs, so an import cycle gets the (still filling) exports object.
  compiled.set(filename, module);
  const requireFromFile = (specifier: string) =>
    specifier.startsWith('.')
      ? compileEsmToCommonJs(path.resolve(path.dirname(filename), specifier), compiled)
      : requireAsFrom(filename, specifier);
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromFile);
  return module.exports;
}

/** Jest's require (so the mocks here apply) of `specifier` as `filename` would resolve it. */
function requireAsFrom(filename: string, specifier: string): unknown {
  // A dynamic require by design: the module is known only at run time, and it must go through
  // Jest's registry, where the doMock calls below apply.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(createRequire(filename).resolve(specifier));
}

function loadFastifyCookie(filename: string): unknown {
  const source = readFileSync(filename, 'utf8');
  const patched = source.replace("await import('cookie')", "require('cookie')");
  if (patched === source) {
    throw new Error(`${filename} no longer imports cookie dynamically: update esm-only-modules.ts`);
  }
  const module: CompiledModule = { exports: {} };
  new Function('module', 'exports', 'require', patched)(
    module,
    module.exports,
    (specifier: string) => requireAsFrom(filename, specifier),
  );
  return module.exports;
}

/** Resolves `name` the way `requirer` (a package's entry file) resolves it. */
function resolveFrom(requirer: string, name: string): string {
  return createRequire(requirer).resolve(name);
}

const fastifyEntry = require.resolve('fastify');
const esmOnlyFiles = [
  require.resolve('marked'),
  require.resolve('jose'),
  resolveFrom(require.resolve('@fastify/static'), 'content-disposition'),
  resolveFrom(resolveFrom(fastifyEntry, 'light-my-request'), 'cookie'),
];

for (const file of esmOnlyFiles) {
  jest.doMock(file, () => compileEsmToCommonJs(file));
}

const fastifyCookieEntry = require.resolve('@fastify/cookie');
jest.doMock(fastifyCookieEntry, () => loadFastifyCookie(fastifyCookieEntry));
