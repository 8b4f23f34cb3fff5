import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A picture of the page as it is now, for the eyes of whoever changes how a screen looks: taken only
 * when E2E_PICTURES names a directory (`E2E_PICTURES=e2e/artifacts npm test --workspace e2e`), as
 * `<name>.png` there. What a screen must show is asserted by the tests themselves; a full-page PNG
 * costs Chromium a render and an encoding each, so the test run takes none (issue 34). The main
 * screens' pictures have a script of their own (`npm run screenshots --workspace e2e`).
 */
export async function picture(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_PICTURES;
  if (!dir) return;
  const file = path.resolve(dir, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}
