/**
 * A tile-grid map of China's 34 province-level divisions: each is one square at its approximate
 * place (column, row), keyed by its GB/T 2260 code. Our own layout, in the manner of tile-grid
 * cartograms (no npm package with province shapes is installed here); it shows no borders.
 */
export const PROVINCE_TILES: Readonly<Record<string, readonly [number, number]>> = {
  '230000': [8, 0],
  '150000': [6, 1], '110000': [7, 1], '220000': [8, 1],
  '650000': [1, 2], '640000': [4, 2], '140000': [5, 2], '130000': [6, 2], '120000': [7, 2], '210000': [8, 2],
  '630000': [2, 3], '620000': [3, 3], '610000': [4, 3], '410000': [5, 3], '370000': [6, 3],
  '540000': [1, 4], '510000': [3, 4], '500000': [4, 4], '420000': [5, 4], '340000': [6, 4], '320000': [7, 4], '310000': [8, 4],
  '530000': [3, 5], '520000': [4, 5], '430000': [5, 5], '360000': [6, 5], '330000': [7, 5],
  '450000': [4, 6], '440000': [5, 6], '350000': [6, 6], '710000': [7, 6],
  '460000': [4, 7], '820000': [5, 7], '810000': [6, 7],
};
