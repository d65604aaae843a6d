/**
 * The epidemic map's demo figures: a static snapshot for the 34 province-level divisions, dated
 * (`COVID19_AS_OF`) and labelled as demo data on the page. Codes are GB/T 2260; figures are
 * illustrative, of the order of the national reports of that day, not an official record.
 */
export const COVID19_AS_OF = '2020-03-31';

/** [code, zh, en, confirmed, cured, deaths] */
export const COVID19_PROVINCES: ReadonlyArray<readonly [string, string, string, number, number, number]> = [
  ['110000', '北京', 'Beijing', 580, 440, 8],
  ['120000', '天津', 'Tianjin', 174, 133, 3],
  ['130000', '河北', 'Hebei', 319, 310, 6],
  ['140000', '山西', 'Shanxi', 136, 133, 0],
  ['150000', '内蒙古', 'Inner Mongolia', 107, 75, 1],
  ['210000', '辽宁', 'Liaoning', 139, 125, 2],
  ['220000', '吉林', 'Jilin', 98, 93, 1],
  ['230000', '黑龙江', 'Heilongjiang', 484, 466, 13],
  ['310000', '上海', 'Shanghai', 509, 337, 7],
  ['320000', '江苏', 'Jiangsu', 646, 631, 0],
  ['330000', '浙江', 'Zhejiang', 1257, 1225, 1],
  ['340000', '安徽', 'Anhui', 990, 984, 6],
  ['350000', '福建', 'Fujian', 345, 301, 1],
  ['360000', '江西', 'Jiangxi', 937, 936, 1],
  ['370000', '山东', 'Shandong', 775, 761, 7],
  ['410000', '河南', 'Henan', 1276, 1250, 22],
  ['420000', '湖北', 'Hubei', 67802, 63326, 3193],
  ['430000', '湖南', 'Hunan', 1019, 1014, 4],
  ['440000', '广东', 'Guangdong', 1494, 1366, 8],
  ['450000', '广西', 'Guangxi', 254, 250, 2],
  ['460000', '海南', 'Hainan', 168, 162, 6],
  ['500000', '重庆', 'Chongqing', 579, 572, 6],
  ['510000', '四川', 'Sichuan', 550, 539, 3],
  ['520000', '贵州', 'Guizhou', 147, 144, 2],
  ['530000', '云南', 'Yunnan', 184, 174, 2],
  ['540000', '西藏', 'Tibet', 1, 1, 0],
  ['610000', '陕西', 'Shaanxi', 256, 250, 3],
  ['620000', '甘肃', 'Gansu', 138, 136, 2],
  ['630000', '青海', 'Qinghai', 18, 18, 0],
  ['640000', '宁夏', 'Ningxia', 75, 75, 0],
  ['650000', '新疆', 'Xinjiang', 76, 73, 3],
  ['710000', '台湾', 'Taiwan', 322, 39, 5],
  ['810000', '香港', 'Hong Kong', 682, 118, 4],
  ['820000', '澳门', 'Macao', 39, 10, 0],
];
