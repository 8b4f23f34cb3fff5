// jsdom has no fetch, Request or Response: the screens' RTK Query calls need them so a spec can stub
// fetch at the network boundary. Node's own classes are lent to the jsdom window, with Node's
// AbortController, AbortSignal, Headers and FormData so that Request accepts what RTK Query passes
// (jsdom's own are other classes). The admin's and the checkout's specs name it in their
// @jest-environment docblock.
const JsdomEnvironment = require('./jest-jsdom-environment.cjs');

class FetchJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = FetchJsdomEnvironment;
