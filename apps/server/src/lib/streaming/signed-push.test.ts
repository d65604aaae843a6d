import { describe, expect, it } from 'vitest';
import { createStreamingProvider, signedPushAddress, txSecret, verifySignedPush } from './index.ts';

describe('signed push URLs (Tencent-style txSecret/txTime)', () => {
  const key = 'push-auth-key-0123456789';
  const server = 'rtmp://push.example.com/live';

  it('signs md5(key + stream + hex expiry) and builds the URL the encoder takes', () => {
    const a = signedPushAddress(server, key, 'live-7-abc', 0x5f000000);
    expect(a.streamKey).toBe(`live-7-abc?txSecret=${txSecret(key, 'live-7-abc', '5F000000')}&txTime=5F000000`);
    expect(a.url).toBe(`${server}/${a.streamKey}`);
    // md5("ksA"): key, then stream name, then the hex time.
    expect(txSecret('k', 's', 'A')).toBe('14953d617e2bf35341aa93c21c6c45ce');
  });

  it('accepts its own URL until the expiry, then answers expired', () => {
    const a = signedPushAddress(server, key, 'live-7-abc', 2_000_000_000);
    expect(verifySignedPush(a.url, key, 1_900_000_000)).toEqual({ result: 'ok', streamName: 'live-7-abc' });
    expect(verifySignedPush(a.streamKey, key, 1_900_000_000)).toEqual({ result: 'ok', streamName: 'live-7-abc' });
    expect(verifySignedPush(a.url, key, 2_000_000_001)).toEqual({ result: 'expired', streamName: 'live-7-abc' });
  });

  it('refuses a changed stream, time or signature, and another key', () => {
    const a = signedPushAddress(server, key, 'live-7-abc', 2_000_000_000);
    const now = 1_900_000_000;
    expect(verifySignedPush(a.url.replace('live-7-abc', 'live-8-abc'), key, now).result).toBe('invalid');
    expect(verifySignedPush(a.url.replace('txTime=77359400', 'txTime=77359401'), key, now).result).toBe('invalid');
    expect(verifySignedPush(a.url.replace(/txSecret=[0-9a-f]/, 'txSecret=g'), key, now).result).toBe('invalid');
    expect(verifySignedPush(a.url, 'another-key-0123456789', now).result).toBe('invalid');
    expect(verifySignedPush('not a url at all', key, now).result).toBe('invalid');
    expect(verifySignedPush(`${server}/live-7-abc`, key, now).result).toBe('invalid');
  });

  it('the sandbox derives its key from the app secret; the real service needs its key', () => {
    const s1 = createStreamingProvider({ provider: 'sandbox', pushKey: null, pushServer: server }, 'secret-a');
    const s2 = createStreamingProvider({ provider: 'sandbox', pushKey: null, pushServer: server }, 'secret-b');
    const url = s1.pushAddress('live-1-x', 2_000_000_000).url;
    expect(s1.verifyPush(url, 1).result).toBe('ok');
    expect(s2.verifyPush(url, 1).result).toBe('invalid');
    expect(() => createStreamingProvider({ provider: 'tencent', pushKey: null, pushServer: server }, 'secret-a')).toThrow(/STREAM_PUSH_KEY/);
    const t = createStreamingProvider({ provider: 'tencent', pushKey: key, pushServer: server }, 'secret-a');
    expect(t.name).toBe('tencent');
    expect(verifySignedPush(t.pushAddress('live-1-x', 2_000_000_000).url, key, 1).result).toBe('ok');
  });
});
