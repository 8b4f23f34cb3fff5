// The one Module Federation setup all four frontend builds use. Plain ESM so webpack configs can
// import it without a build step. The parts:
//   shared.js   which packages every build shares (singletons, versions) and the facades' names
//   versions/   the versions of our shared modules (the ledger, shared-versions.json) and what each build asks for
//   build-info.js  the build's commit and time in its mf-manifest.json
//   browser.js  createConfig: a frontend's browser build, with its MUI and framework chunks
//   server.js   its server bundle for server rendering (dist/server)
//   runtime.js  the federation runtime alone, for a remote's standalone page
//   common.js   SWC, resolving, loaders, the minifier and the precompressed twins, shared by the builds
//   dev.js      the dev servers' ports and the shell's dev proxy
//   plugins/    the webpack plugins of our own (CommonJS folder marker, the shell's preload links)
export { appVersion, MUI_PARTS, SHARED_MODULES, sharedModules } from './shared.js';
export { createConfig } from './browser.js';
export { SERVER_DIR } from './server.js';
export { DEV_PORTS } from './dev.js';
