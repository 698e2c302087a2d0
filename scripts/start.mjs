// `npm start`: build what is not built (production mode), then run the one server that serves
// the API, the shell, every remote and the widget.
import { build } from './build.mjs';
import { root, run } from './workspace.mjs';

await build();
await run('node', ['api/dist/server.js'], { cwd: root }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
