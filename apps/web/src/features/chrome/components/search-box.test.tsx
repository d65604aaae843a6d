import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../testing/i18n';
import { renderWithApp } from '../../../testing/render';
import { SearchBox } from './search-box';

beforeAll(async () => {
  await setupI18n('zh');
});

describe('search box', () => {
  it('does nothing when the term is empty or blank', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<SearchBox />);
    const input = screen.getByRole('searchbox', { name: '搜索课程、会议、讲者' });
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await user.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to /search?txt= with the trimmed term', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<SearchBox />);
    await user.type(screen.getByRole('searchbox'), '  肺癌 靶向 {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('txt')).toBe('肺癌 靶向');
  });
});
