import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { SERVER_ENTRY, freePort } from '../src/server.ts';
import { useSharedHarness } from '../src/harness.ts';

const h = useSharedHarness();

describe('production server', () => {
  it('serves hashed assets with long cache headers and index.html for deep links', async () => {
    const html = await fetch(`${h.server.url}/course/1`);
    assert.equal(html.status, 200);
    const body = await html.text();
    const asset = body.match(/\/assets\/[^"']+\.js/)?.[0];
    assert.ok(asset, 'index.html references a hashed script');
    const js = await fetch(`${h.server.url}${asset}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /max-age=31536000/);
  });

  it('puts a per-language title into the home HTML', async () => {
    const zh = await (await fetch(`${h.server.url}/?lang=zh`)).text();
    const en = await (await fetch(`${h.server.url}/?lang=en`)).text();
    const title = (s: string) => s.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    assert.ok(title(zh) && title(en) && title(zh) !== title(en));
  });

  it('refuses a second server on the same data directory', async () => {
    const port = await freePort();
    const second = spawnSync(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: h.server.dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.notEqual(second.status, 0);
    assert.match(second.stderr + second.stdout, /DATA_DIR|data directory/i);
    const stillUp = await fetch(`${h.server.url}/healthz`);
    assert.equal(stillUp.status, 200);
  });
});
