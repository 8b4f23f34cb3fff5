import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * The shell's page names the scripts its start needs (<link rel="preload">): the bootstrap chunk and,
 * for every shared module it consumes (and they consume in turn), the chunks of the shell's provided
 * copy, which is the copy a page loads (every build has the same versions; 'loaded-first'). Read from
 * the chunk graph: a provide-module's async block is its package. Without the links the browser
 * learns of these scripts only once main.js has run. Lazy routes (import() in the app) are not followed.
 */
/**
 * The share key a provide-module provides, from its public identifier
 * ("provide module (<scope>) <key>@<version> = <request>"), not the module's private `_name`.
 */
function providedName(module) {
  const match = /^provide module \([^)]*\) (.+)@[^@]* = /.exec(module.identifier());
  if (!match) throw new Error(`PreloadStartupScripts: an unexpected provide-module identifier: ${module.identifier()}`);
  return match[1];
}

export class PreloadStartupScripts {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupScripts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupScripts', (data) => {
        const { chunkGraph } = compilation;
        const entry = compilation.entrypoints.get('main');
        const entryModules = (entry?.chunks ?? []).flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]);
        // share key -> the shell's provide-module of it
        const provided = new Map(entryModules.filter((m) => m.type === 'provide-module').map((m) => [providedName(m), m]));
        const files = new Set();
        const seenGroups = new Set(entry ? [entry] : []);
        const followBlocks = (module) => {
          for (const block of module.blocks) {
            const group = chunkGraph.getBlockChunkGroup(block);
            if (group && !seenGroups.has(group)) visitGroup(group);
          }
        };
        const visitGroup = (group) => {
          seenGroups.add(group);
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              const provider = provided.get(module.options.shareKey);
              followBlocks(provider ?? module); // no provider of our own: the fallback is what loads
            }
          }
        };
        // index.ts's one import() is the bootstrap
        for (const module of entryModules) if (module.type !== 'provide-module') followBlocks(module);
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        for (const file of [...files].sort()) {
          data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupScripts' }, attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` } });
        }
        return data;
      });
    });
  }
}

