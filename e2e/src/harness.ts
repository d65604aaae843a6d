import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Harness {
  server: RunningServer;
  browser: Browser;
  /** A new isolated browser context (fresh storage) with one page. */
  newPage: (opts?: { width?: number; height?: number; locale?: string }) => Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Registers before/after hooks that start the real server build and one Chromium for a test file.
 * Returns a holder filled once `before` has run.
 */
export function useHarness(env: Record<string, string> = {}): Harness {
  const h = {} as Harness;
  const contexts: BrowserContext[] = [];
  before(async () => {
    h.server = await startServer(env);
    h.browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
    h.newPage = async ({ width = 1440, height = 900, locale = 'zh-CN' } = {}) => {
      const context = await h.browser.newContext({ viewport: { width, height }, locale, baseURL: h.server.url });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    };
  });
  after(async () => {
    // A server that died mid-file explains every later failure: show what it said.
    if (h.server && (h.server.child.exitCode !== null || h.server.child.signalCode !== null)) {
      console.error(`server exited early (${h.server.child.exitCode ?? h.server.child.signalCode}):\n${h.server.output()}`);
    }
    for (const c of contexts) await c.close().catch(() => undefined);
    await h.browser?.close();
    await h.server?.stop();
  });
  return h;
}
