import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce, Announcer } from './announcer';

const region = (politeness: string) => document.querySelector(`[data-announcer="${politeness}"]`)!;

describe('Announcer', () => {
  it('renders an empty polite and an assertive live region before anything is said', () => {
    render(<Announcer />);
    expect(region('polite').getAttribute('aria-live')).toBe('polite');
    expect(region('assertive').getAttribute('aria-live')).toBe('assertive');
    expect(region('polite').getAttribute('aria-atomic')).toBe('true');
    expect(region('polite').textContent).toBe('');
  });

  it('puts each message in its region, a repeated message as a new node so it is read again', () => {
    render(<Announcer />);
    act(() => announce('已关注'));
    const first = region('polite').firstElementChild;
    expect(region('polite').textContent).toBe('已关注');
    act(() => announce('已关注'));
    expect(region('polite').textContent).toBe('已关注');
    expect(region('polite').firstElementChild).not.toBe(first);
    act(() => announce('发送失败', 'assertive'));
    expect(region('assertive').textContent).toBe('发送失败');
    expect(region('polite').textContent).toBe('已关注');
  });
});
