// The unit suites' jsdom, a newer one than jest-environment-jsdom 30 bundles (26): jsdom 29 rewrote
// getComputedStyle, which Testing Library calls for every element a role query looks at (is it hidden?)
// and which in 26 matched every MUI rule against the element again through nwsapi (whose compiled-
// selector cache of 1,000 entries the MUI style sheets outgrow, and whose :has() recompiles on each
// call). admin-mfe's ServiceRequestsView.spec: 43 s on 26, 21 s on 31. Jest's own abstract environment
// takes the jsdom module to use (https://jestjs.io/docs/configuration#testenvironment-string).
const JSDOMEnvironment = require('@jest/environment-jsdom-abstract').default;
const jsdom = require('jsdom');

class JsdomEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context, jsdom);
  }
}

module.exports = JsdomEnvironment;
