/** Fastify's own key for a plugin's name (what `fastify-plugin` sets from its `name` option). */
const displayName = Symbol.for('fastify.display-name');

/**
 * The routes plugin named after its function. Fastify looks for an unnamed plugin among every
 * loaded module (`require.cache`) to name it, twice per registration, and for a routes plugin
 * (exported by name, not as a module) ends on the function's name anyway. Named, it skips that
 * search: under the API tests' module registry, where each look-up is proxied, the searches
 * cost about half a second of every app built.
 */
export function named<Plugin extends { name: string }>(plugin: Plugin): Plugin {
  return Object.assign(plugin, { [displayName]: plugin.name });
}
