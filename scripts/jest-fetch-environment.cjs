// jsdom has no fetch, Request, Response, Headers or FormData (nor crypto.randomUUID in every version):
// the screens' RTK Query calls need them so a spec can stub fetch at the network boundary. Node's own
// classes are lent to the jsdom window, with Node's AbortController so that Request accepts the signal
// RTK Query passes. The admin's and the checkout's specs name it in their @jest-environment docblock.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class FetchJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal', 'crypto']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = FetchJsdomEnvironment;
