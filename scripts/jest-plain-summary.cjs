// Prints the closing line CI reads ("N passed, N failed") after Jest's own summary.
class PlainSummaryReporter {
  constructor(globalConfig) {
    this.label = require('node:path').basename(globalConfig.rootDir);
  }
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    // a suite that failed to run (an error outside any test) has no failed test: it counts as one failure
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.stdout.write(`\n${this.label}: ${line}\n`);
  }
}
module.exports = PlainSummaryReporter;
