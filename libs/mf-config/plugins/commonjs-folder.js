/** The server bundle is CommonJS in packages that say "type": "module": its folder says otherwise. */
export class CommonJsFolder {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CommonJsFolder', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CommonJsFolder', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('package.json', new compiler.webpack.sources.RawSource('{ "type": "commonjs" }\n'));
      });
    });
  }
}

