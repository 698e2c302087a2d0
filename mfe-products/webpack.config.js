const { createAppConfig } = require('../webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_products',
  exposes: require('./exposes.json'),
});
