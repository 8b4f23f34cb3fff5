// A remote's standalone page only. Remotes are built with the external federation runtime
// (experiments.externalRuntime): their remoteEntry.js expects the runtime on the page, where the
// shell provides it (provideExternalRuntime), so the runtime ships once instead of once per remote.
// A remote's own page has no shell: this script, built beside it, puts the runtime there first.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
