const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_chat',
  exposes: require('./exposes.json'),
});
