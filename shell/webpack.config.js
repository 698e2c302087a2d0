const path = require('node:path');
const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  // The server's pages name main.js, or main-firebase.js when Firebase Authentication is
  // configured (issue 16): the page of a product without Firebase carries none of it.
  entries: { main: './src/index.ts', 'main-firebase': './src/index-firebase.ts' },
  // The whole policy for remotes that fail: retry, then a fallback inside the layout; and the
  // builds of the remotes loaded, for the check for a new version.
  runtimePlugins: [
    path.join(__dirname, 'src/runtime-plugins/retry.ts'),
    path.join(__dirname, 'src/runtime-plugins/fallback.ts'),
    path.join(__dirname, 'src/runtime-plugins/build-tracker.ts'),
  ],
});
