import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useSharedHarness } from '../src/harness.ts';

// The harness hands a page back to later tests (src/harness.ts, `Pool`): what one test left in it
// must not reach the next, which has to see what a new browser context gives.

const h = useSharedHarness();

const LOCALE = 'en-GB'; // no other test uses it, so the pool's page for it is this file's
let first: Page | undefined;
const seen: string[] = [];

describe('harness: a reused page starts clean', () => {
  it('leaves cookies, web storage, IndexedDB, a listener and a larger viewport behind', async () => {
    const { context, page } = await h.newPage({ locale: LOCALE, width: 1200, height: 800 });
    first = page;
    await page.goto('/');
    await context.addCookies([{ name: 'left', value: 'behind', url: h.server.url }]);
    await page.evaluate(async () => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      await new Promise<void>((done, fail) => {
        const req = indexedDB.open('left-behind', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('s');
        req.onsuccess = () => {
          req.result.close();
          done();
        };
        req.onerror = () => fail(new Error('indexedDB'));
      });
    });
    page.on('request', (r) => seen.push(r.url()));
  });

  it('gets the same page with none of it', async () => {
    const { context, page } = await h.newPage({ locale: LOCALE, width: 390, height: 844 });
    assert.equal(page, first, 'the page was handed out again');
    assert.deepEqual(await context.cookies(), []);
    const before = seen.length;
    await page.goto('/');
    assert.equal(seen.length, before, "the last test's listener was removed");
    const state = await page.evaluate(async () => ({
      local: localStorage.getItem('left'),
      session: sessionStorage.getItem('left'),
      databases: (await indexedDB.databases()).map((d) => d.name),
      width: window.innerWidth,
    }));
    assert.deepEqual(state, { local: null, session: null, databases: [], width: 390 });
  });

  it('gives a page of its own to a test that asks for a fresh one', async () => {
    const { page } = await h.newPage({ locale: LOCALE, fresh: true });
    assert.notEqual(page, first);
  });
});
