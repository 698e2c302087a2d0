const path = require('node:path');
const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  // The whole policy for remotes that fail: retry, then a fallback inside the layout.
  runtimePlugins: [
    path.join(__dirname, 'src/runtime-plugins/retry.ts'),
    path.join(__dirname, 'src/runtime-plugins/fallback.ts'),
  ],
});
