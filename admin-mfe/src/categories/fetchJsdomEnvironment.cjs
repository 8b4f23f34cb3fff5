// jsdom has no fetch, Request, Response or Headers; the components' RTK Query calls need them so a
// spec can stub fetch at the network boundary. Node's own classes are lent to the jsdom window, with
// Node's AbortController so that Request accepts the signal RTK Query passes.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class FetchJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = FetchJsdomEnvironment;
