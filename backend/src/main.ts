// The API's entry point. It checks the Node version before anything else loads, so an old Node
// gets one clear sentence instead of a syntax or module error from deep inside a dependency.
const MINIMUM_NODE_MAJOR = 22;
const major = Number(process.versions.node.split('.')[0]);
if (major < MINIMUM_NODE_MAJOR) {
  console.error(
    `DentalMarket needs Node ${MINIMUM_NODE_MAJOR} or later; this is Node ${process.versions.node}. ` +
      'Run it through npm (`npm start`), which uses the Node that `npm install` put in node_modules/.bin, or install Node 24 LTS.',
  );
  process.exit(1);
}
console.log(`DentalMarket API starting on Node ${process.versions.node}`);
await import('./server.js');
