// What every build imports from 'react-router', and all it shares (index.js aliases 'react-router'
// here). The package as a shared module would ship whole: every export, data routers and server
// rendering included; through this file the shared module is only what the apps use. A name missing
// here fails the build (exportsPresence: 'error'): add it here and run `npm run shared-versions`;
// the router is a singleton, so a remote using the new name needs a shell that has it.
export { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate, useNavigationType, useSearchParams } from '@dentalmarket/unshared/react-router';
