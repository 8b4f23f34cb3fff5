// The server builds' react-router (issue 20): the browser's facade and the router the server renders
// a URL with. Only the server bundles resolve 'react-router' here, so no browser downloads it.
export * from './react-router.js';
export { StaticRouter } from '@dentalmarket/unshared/react-router';
