const path = require('node:path');
const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  // The whole policy for remotes that fail: retry, then a fallback inside the layout; and the
  // builds of the remotes loaded, for the check for a new version.
  runtimePlugins: [
    path.join(__dirname, 'src/runtime-plugins/retry.ts'),
    path.join(__dirname, 'src/runtime-plugins/fallback.ts'),
    path.join(__dirname, 'src/runtime-plugins/build-tracker.ts'),
  ],
});
