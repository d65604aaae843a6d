import type { SpecialConfig } from '@medportal/contract';
import { SPECIAL_CONFIG_TTL_S } from '@medportal/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, serveApi } from '../../testing/api-double';
import { fetchAlbumConfig } from './api/selected';
import { loadSpecialConfig, specialConfigKey } from './lib/special-config-cache';
import { albumIds } from './pages/special-routes';

const config = (title: string): SpecialConfig => ({
  theme_id: 3,
  album_id: 2,
  title,
  subtitle: '',
  banner: '/b.svg',
  primary_color: '#1d4ed8',
  accent_color: '#60a5fa',
  menus: [{ key: 'topic', title: '热点专题' }],
  intro: '',
  about: '',
  copyright: '',
  channel: 'vjoncology',
});

describe('special album config cache', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stores the config under a key of theme and album ids, reuses it under 600 s and refetches after', async () => {
    let title = 'first';
    const api = serveApi({ 'GET /v1/special/3/2/config': () => ok(config(title)) });
    const load = () => loadSpecialConfig(3, 2, 'zh', () => fetchAlbumConfig(3, 2));

    expect((await load()).title).toBe('first');
    expect(api.calls).toHaveLength(1);
    expect(specialConfigKey(3, 2)).toBe('special_config_3_2');
    expect(JSON.parse(localStorage.getItem('special_config_3_2')!).config.title).toBe('first');

    title = 'second';
    vi.setSystemTime(new Date(Date.now() + (SPECIAL_CONFIG_TTL_S - 1) * 1000));
    expect((await load()).title).toBe('first');
    expect(api.calls).toHaveLength(1);

    vi.setSystemTime(new Date(new Date('2026-05-01T08:00:00Z').getTime() + SPECIAL_CONFIG_TTL_S * 1000));
    expect((await load()).title).toBe('second');
    expect(api.calls).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('special_config_3_2')!).config.title).toBe('second');
  });

  it('does not reuse a config of another language or album, nor an unreadable entry', async () => {
    const api = serveApi({ 'GET /v1/special/3/2/config': () => ok(config('x')) });
    await loadSpecialConfig(3, 2, 'zh', () => fetchAlbumConfig(3, 2));
    await loadSpecialConfig(3, 2, 'en', () => fetchAlbumConfig(3, 2));
    expect(api.calls).toHaveLength(2);
    localStorage.setItem(specialConfigKey(3, 2), '{not json');
    await loadSpecialConfig(3, 2, 'en', () => fetchAlbumConfig(3, 2));
    expect(api.calls).toHaveLength(3);
  });
});

describe('album URL ids', () => {
  it('accepts digits with themes 1 and 3 only', () => {
    expect(albumIds('1', '1')).toEqual({ theme: 1, album: 1 });
    expect(albumIds('3', '2')).toEqual({ theme: 3, album: 2 });
    for (const [theme, album] of [
      ['2', '1'],
      ['abc', '1'],
      ['1a', '1'],
      ['01x', '1'],
      ['1', 'x'],
      ['4', '3'],
    ]) {
      expect(albumIds(theme, album)).toBeNull();
    }
  });
});
