const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  exposes: require('./exposes.json'),
});
