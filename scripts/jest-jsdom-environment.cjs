// The unit suites' jsdom, a newer one than jest-environment-jsdom 30 bundles (26). Testing Library calls
// getComputedStyle for every element a role query looks at (is it hidden?). jsdom 26 matched every MUI
// rule against the element again through nwsapi, whose cache of 1,000 compiled selectors the MUI style
// sheets outgrow and which compiles a :has() again on each call. jsdom 31 has a CSS engine of its own
// (lib/jsdom/living/css: a matching plan per style sheet, computed styles cached until the DOM changes).
// admin-mfe's ServiceRequestsView.spec: 43 s on 26, 21 s on 31. Jest's abstract environment takes the
// jsdom module to use (https://jestjs.io/docs/configuration#testenvironment-string).
const JSDOMEnvironment = require('@jest/environment-jsdom-abstract').default;
const jsdom = require('jsdom');

class JsdomEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context, jsdom);
  }
}

module.exports = JsdomEnvironment;
