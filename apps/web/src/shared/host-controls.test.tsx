import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { NativeAction } from '@medportal/contract/codes';
import { setupI18n } from '../testing/i18n';
import { renderWithApp } from '../testing/render';
import { HostBackLink, hostRefreshOr } from './host-controls';
import { ShareButton } from './share/share-button';

beforeAll(async () => {
  await setupI18n('zh');
});

afterEach(() => {
  delete window.MedBridge;
  delete window.webkit;
});

function installAndroid() {
  const postMessage = vi.fn<(message: string) => void>();
  window.MedBridge = { postMessage };
  return () => postMessage.mock.calls.map((c) => JSON.parse(c[0]) as unknown);
}

describe('web-view back control', () => {
  it('inside the native app sends back (14) and stays on the page', () => {
    const sent = installAndroid();
    const { router } = renderWithApp(<HostBackLink to="/live">‹ back</HostBackLink>, { path: '/w/o/live/1' });
    fireEvent.click(screen.getByTestId('host-back'));
    expect(sent()).toEqual([{ action: NativeAction.BACK, data: { type: 0 } }]);
    expect(router.state.location.pathname).toBe('/w/o/live/1');
  });

  it('in a browser follows the link and sends nothing', () => {
    const { router } = renderWithApp(<HostBackLink to="/live">‹ back</HostBackLink>, { path: '/w/o/live/1' });
    fireEvent.click(screen.getByTestId('host-back'));
    expect(router.state.location.pathname).toBe('/live');
  });
});

describe('web-view refresh control', () => {
  it('inside the native app (iOS) sends refresh (18) instead of refetching', () => {
    const postMessage = vi.fn<(message: unknown) => void>();
    window.webkit = { messageHandlers: { MedBridge: { postMessage } } };
    const refetch = vi.fn();
    hostRefreshOr(refetch)();
    expect(postMessage).toHaveBeenCalledWith({ action: NativeAction.REFRESH });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('in a browser refetches', () => {
    const refetch = vi.fn();
    hostRefreshOr(refetch)();
    expect(refetch).toHaveBeenCalledOnce();
  });
});

describe('share button', () => {
  const button = (
    <ShareButton kind="news" id={7} title="指南解读" desc="摘要" path="/news/7" image="/uploads/cover.png" />
  );

  it('inside the native app sends share (12) with title, description, link and image', () => {
    const sent = installAndroid();
    const { router } = renderWithApp(button, { path: '/news/7' });
    fireEvent.click(screen.getByTestId('share-button'));
    expect(sent()).toEqual([
      {
        action: NativeAction.SHARE,
        data: { title: '指南解读', desc: '摘要', url: `${window.location.origin}/news/7`, image: `${window.location.origin}/uploads/cover.png` },
      },
    ]);
    expect(router.state.location.pathname).toBe('/news/7');
  });

  it('in a browser opens the share poster', () => {
    const { router } = renderWithApp(button, { path: '/news/7' });
    fireEvent.click(screen.getByTestId('share-button'));
    expect(router.state.location.pathname).toBe('/share_card/news');
    expect(router.state.location.search).toBe('?id=7');
  });
});
