import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Covid19Data } from '@medportal/contract';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests } from '../../shared/session';
import { ok, serveApi } from '../../testing/api-double';
import { setupI18n } from '../../testing/i18n';
import { renderRoutes } from '../../testing/render';
import { Component as Covid19Page } from './pages/covid19-page';

const province = (code: string, name: string, confirmed: number) => ({ code, name, confirmed, cured: confirmed - 1, deaths: 1, current: 0 });
const data: Covid19Data = {
  as_of: '2020-03-31',
  source: '演示数据',
  is_demo: true,
  totals: { confirmed: 68_126, cured: 68_123, deaths: 3, current: 0 },
  provinces: [province('420000', '湖北', 67_802), province('440000', '广东', 1_494), province('710000', '台湾', 322)],
};

beforeAll(async () => {
  await setupI18n('zh');
});
beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
});

describe('epidemic map', () => {
  it('draws the provinces from the map package, coloured by count, focusable and named with their figures', async () => {
    const user = userEvent.setup();
    serveApi({ 'GET /v1/covid19': ok(data) });
    renderRoutes([{ path: '/covid19', element: <Covid19Page /> }], '/covid19');
    const map = await screen.findByRole('group', { name: '各省级行政区累计确诊分布地图' });
    // Shapes of every province of the package plus Taiwan; those without figures are drawn but not announced.
    await waitFor(() => expect(map.querySelectorAll('path').length).toBe(34));
    const hubei = within(map).getByRole('img', { name: '湖北：累计确诊 67,802，现有确诊 0，治愈 67,801，死亡 1' });
    expect(hubei.getAttribute('tabindex')).toBe('0');
    expect(hubei.getAttribute('d')?.length).toBeGreaterThan(500);
    expect(hubei.getAttribute('fill')).not.toBe(within(map).getByRole('img', { name: /^广东/ }).getAttribute('fill'));
    expect(within(map).getByRole('img', { name: /^台湾：累计确诊 322/ })).toBeTruthy();
    expect(within(map).getAllByRole('img')).toHaveLength(3);

    // Tab reaches the provinces; the focused one is described under the map.
    await user.tab();
    while (document.activeElement?.tagName.toLowerCase() !== 'path') await user.tab();
    expect(screen.getByText(document.activeElement.getAttribute('aria-label') ?? '', { selector: 'figcaption' })).toBeTruthy();

    // The table stays, and the footer note credits the map's licence.
    expect(screen.getByRole('table', { name: '各省级行政区病例数据（2020-03-31）' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByRole('link', { name: '@svg-maps/china' })).toBeTruthy();
  });
});
