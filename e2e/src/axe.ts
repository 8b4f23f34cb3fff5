import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';

type Impact = NonNullable<ImpactValue>;
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule's failing nodes in one state. */
export interface Finding {
  rule: string;
  impact: Impact;
  help: string;
  targets: string[];
}

/** Runs axe-core's default rules (WCAG 2.x A/AA and best practices) on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  // evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run({ resultTypes: ['violations'] }));
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'minor',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
  }));
}

/** One line per rule: rule, impact, node count, the first targets. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map(({ rule, impact, help, targets }) => `${rule} (${impact}) ×${targets.length}: ${help}\n      ${targets.slice(0, 5).join('\n      ')}${targets.length > 5 ? `\n      … and ${targets.length - 5} more` : ''}`)
    .join('\n    ');
}

/** No axe finding at all, whatever its impact; otherwise fails naming `what` and each rule with its first targets. */
export function assertNoFindings(findings: Finding[], what: string): void {
  assert.equal(findings.length, 0, `${what}: ${findings.length} axe rule(s) failing\n    ${describeFindings(findings)}`);
}

/** Totals over a run, so before and after figures can be compared. */
export class AxeTally {
  private states = 0;
  private withViolations = 0;
  private nodes = 0;
  private byImpact: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  private byRule = new Map<string, number>();

  add(findings: Finding[]): void {
    this.states += 1;
    if (findings.length > 0) this.withViolations += 1;
    for (const { rule, impact, targets } of findings) {
      this.nodes += targets.length;
      this.byImpact[impact] = (this.byImpact[impact] ?? 0) + targets.length;
      this.byRule.set(`${rule} (${impact})`, (this.byRule.get(`${rule} (${impact})`) ?? 0) + targets.length);
    }
  }

  summary(): string {
    const rules = [...this.byRule].sort((a, b) => b[1] - a[1]).map(([rule, count]) => `${rule} ${count}`);
    return [
      `axe totals: ${this.nodes} failing nodes (${this.byImpact.critical} critical, ${this.byImpact.serious} serious, ${this.byImpact.moderate} moderate, ${this.byImpact.minor} minor)`,
      `in ${this.withViolations} of ${this.states} states with violations`,
      `by rule: ${rules.join(', ') || 'none'}`,
    ].join('\n');
  }
}
