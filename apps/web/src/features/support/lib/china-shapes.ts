import chinaMap from '@svg-maps/china';

// The package's own types point at a package that is not installed: its documented shape.
const china = chinaMap as unknown as { viewBox: string; locations: ReadonlyArray<{ id: string; name: string; path: string }> };

/** The map package's location ids → GB/T 2260 codes of the province-level divisions the API uses. */
const CODE_OF: Readonly<Record<string, string>> = {
  anhui: '340000', beijing: '110000', chongqing: '500000', fujian: '350000', gansu: '620000',
  guangdong: '440000', 'guangxi-zhuang': '450000', guizhou: '520000', hainan: '460000', hebei: '130000',
  heilongjiang: '230000', henan: '410000', 'hong-kong': '810000', hubei: '420000', hunan: '430000',
  jiangsu: '320000', jiangxi: '360000', jilin: '220000', liaoning: '210000', macau: '820000',
  'nei-mongol': '150000', 'ningxia-hui': '640000', quinghai: '630000', shaanxi: '610000', shandong: '370000',
  shanghai: '310000', shanxi: '140000', sichuan: '510000', tianjin: '120000', 'xinjiang-uygur': '650000',
  xizang: '540000', yunnan: '530000', zhejiang: '330000',
};

/**
 * The package has 33 locations and no Taiwan: its outline is drawn here from a dozen coastal
 * points (longitude/latitude placed on the package's projection by Hong Kong and Shanghai), a
 * sketch at the map's scale rather than a survey.
 */
const TAIWAN = 'M 608.5,470 L 614.4,474.2 L 612.4,481.2 L 609.2,491 L 607.3,500.8 L 601.4,507.8 L 599.4,517.6 L 597.5,512 L 592.3,507.8 L 589.7,500.8 L 590.4,492.4 L 593.6,484 L 598.8,475.6 L 602.7,472.8 Z';

export interface ProvinceShape {
  code: string;
  path: string;
}

export const VIEW_BOX = china.viewBox;
export const SHAPES: readonly ProvinceShape[] = [
  ...china.locations.flatMap((l) => {
    const code = CODE_OF[l.id];
    return code ? [{ code, path: l.path }] : [];
  }),
  { code: '710000', path: TAIWAN },
];
