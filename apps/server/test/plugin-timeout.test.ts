import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp } from './build-test-app.ts';

describe('plugin start limit (PLUGIN_TIMEOUT_S)', () => {
  it("is Fastify's 10 s unless set", () => {
    expect(loadConfig({}).pluginTimeoutMs).toBe(10_000);
    expect(loadConfig({ PLUGIN_TIMEOUT_S: '120' }).pluginTimeoutMs).toBe(120_000);
    expect(() => loadConfig({ PLUGIN_TIMEOUT_S: '0' })).toThrow(/PLUGIN_TIMEOUT_S/);
  });

  it('fails a start whose plugin takes longer than the configured time', async () => {
    // One second is within Fastify's default but not within the 300 ms configured here.
    await expect(
      buildTestApp({
        seed: false,
        config: { pluginTimeoutMs: 300 },
        configure: (app) => {
          app.register(async () => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
        },
      }),
    ).rejects.toThrow(/did not start in time/);
  });
});
