const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_training',
  exposes: require('./exposes.json'),
});
