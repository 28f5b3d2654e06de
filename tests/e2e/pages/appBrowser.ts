// Browser setup shared by the app's e2e tests: a Chromium page at a given size, with the release
// announcement already seen unless a test wants it, what the Content-Security-Policy refused on it, and
// screenshots into test-results/.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', '..', 'test-results');

export interface AppPageOptions {
  width?: number;
  height?: number;
  /** Leave the release announcement unseen, so that it shows. */
  showReleaseAnnouncement?: boolean;
}

export async function openAppPage(browser: Browser, options: AppPageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 } });
  if (!options.showReleaseAnnouncement) {
    await context.addInitScript(() => window.localStorage.setItem('surge.releaseAnnouncement.seenVersion', '3.6.0'));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const refused: string[] = [];
  policyViolations.set(page, refused);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return { context, page };
}

const policyViolations = new WeakMap<Page, string[]>();

/** What the server's Content-Security-Policy refused on a page opened by openAppPage (Chromium logs each refusal). */
export function contentSecurityViolations(page: Page): string[] {
  return [...(policyViolations.get(page) ?? [])];
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  // Let transitions (modals, toasts) settle so the picture shows the resting state.
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true });
  return path;
}
