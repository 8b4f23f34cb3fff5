// Prints the closing line CI reads ("N passed, N failed") after Jest's own summary.
class PlainSummaryReporter {
  constructor(globalConfig) {
    this.label = require('node:path').basename(globalConfig.rootDir);
  }
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.stdout.write(`\n${this.label}: ${line}\n`);
  }
}
module.exports = PlainSummaryReporter;
