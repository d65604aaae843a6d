import { type Action, ActionType, type BlockLayout } from '@medportal/contract';

const route = (url: string): Action => ({ type: ActionType.ROUTE, data: { url }, target: '_self' });

export const BANNERS: ReadonlyArray<{
  position: 'home' | 'home_side' | 'user_center';
  zh: string;
  en: string;
  action: Action;
}> = [
  { position: 'home', zh: 'CSCO 淋巴瘤诊疗指南更新解读 · 正在直播', en: 'CSCO Lymphoma Guidelines Update · Live now', action: { type: ActionType.LIVE_DETAIL, data: { id: 1 }, target: '_self' } },
  { position: 'home', zh: 'CAR-T 细胞治疗临床实践系列课程', en: 'CAR-T Cell Therapy in Clinical Practice: course series', action: { type: ActionType.COURSE_DETAIL, data: { id: 11 }, target: '_self' } },
  { position: 'home', zh: '心力衰竭管理专题上线', en: 'New topic: heart failure management', action: route('/topic') },
  { position: 'home', zh: '国际学术会议日历', en: 'International meeting calendar', action: route('/meeting/calendar') },
  { position: 'home', zh: '会议平台：一站式办会服务', en: 'Meeting platform: run your conference in one place', action: { type: ActionType.EXTERNAL_URL, data: { url: 'https://meeting.medportal.cn/' }, target: '_blank' } },
  { position: 'home_side', zh: '下载 App，随时随地学习', en: 'Get the app and learn anywhere', action: route('/about_us') },
  { position: 'home_side', zh: '继续教育学分查询', en: 'Check your CME credits', action: route('/credit') },
  { position: 'user_center', zh: '完善资料，领取学习礼包', en: 'Complete your profile for a learning pack', action: route('/user/myinfo') },
  { position: 'user_center', zh: '我的优惠券', en: 'My coupons', action: route('/user/coupon') },
];

export const RELATE_SITES = [
  { key: 'creation', zh: '创作中心', en: 'Creation Centre', descZh: '发布课程、文章与病例', descEn: 'Publish courses, articles and cases', label: 'CR' },
  { key: 'literature', zh: '文献工具', en: 'Literature Tool', descZh: '检索、管理与解读医学文献', descEn: 'Search, organise and read the literature', label: 'LT' },
  { key: 'meeting', zh: '会议', en: 'Meetings', descZh: '学术会议报名、直播与回放', descEn: 'Register for, watch and replay meetings', label: 'MT' },
  { key: 'drug_newsletter', zh: '药研快讯', en: 'Drug Research Newsletter', descZh: '新药研发与审批动态', descEn: 'New drug development and approvals', label: 'DR' },
  { key: 'dictionary', zh: '医学词典', en: 'Medical Dictionary', descZh: '中英文医学术语查询', descEn: 'Chinese–English medical terminology', label: 'DI' },
  { key: 'illustration', zh: '医学插画', en: 'Medical Illustration', descZh: '高质量医学插图素材', descEn: 'High-quality medical illustrations', label: 'IL' },
] as const;

export const INTRO_TEXTS: ReadonlyArray<{ zh: string; en: string; textZh: string; textEn: string; action: Action | null }> = [
  {
    zh: '关于平台',
    en: 'About the portal',
    textZh: '面向医生与医疗专业人员的医学教育与学术会议平台，汇集会议直播、精品课程、学术资讯与专家观点，支持中英文双语浏览。',
    textEn: 'A medical education and academic conference portal for doctors and healthcare professionals: live conferences, courses, news and expert views, in Chinese and English.',
    action: route('/about_us'),
  },
  {
    zh: '继续医学教育',
    en: 'Continuing medical education',
    textZh: '完成指定课程与会议学习可获得继续教育学分，学习记录可在个人中心随时查看。',
    textEn: 'Complete designated courses and meetings to earn CME credits; your learning record is always in your account.',
    action: route('/credit'),
  },
];

/** The home page, top to bottom. Every layout appears; one extra block is configured but hidden. */
export const HOME_BLOCKS: ReadonlyArray<{
  layout: BlockLayout;
  zh: string;
  en: string;
  hide?: true;
  more: Action | null;
  source: Record<string, unknown>;
}> = [
  { layout: 'banner', zh: '焦点推荐', en: 'Featured', more: null, source: { position: 'home', limit: 5 } },
  { layout: 'today_live', zh: '今日直播', en: "Today's Live", more: { type: ActionType.LIVE_INDEX, data: {}, target: '_self' }, source: { limit: 6 } },
  { layout: 'live_meetings', zh: '会议直播', en: 'Live Conferences', more: { type: ActionType.LIVE_INDEX, data: {}, target: '_self' }, source: { limit: 6 } },
  { layout: 'news_menu', zh: '学术资讯', en: 'Medical News', more: route('/news'), source: { category_ids: [1, 2, 3, 4, 5, 6], limit: 4 } },
  { layout: 'courses', zh: '最新课程', en: 'New Courses', more: { type: ActionType.COURSE_INDEX, data: {}, target: '_self' }, source: { limit: 8, course_type: 1, order: 'latest' } },
  { layout: 'big_courses', zh: '精品课程', en: 'Premium Courses', more: { type: ActionType.COURSE_INDEX, data: {}, target: '_self' }, source: { limit: 4, featured: true, order: 'popular' } },
  { layout: 'course_series', zh: '系列课程', en: 'Course Series', more: { type: ActionType.COURSE_LIST, data: {}, target: '_self' }, source: { limit: 4, course_type: 2 } },
  { layout: 'left_image_courses', zh: '血液病学课堂', en: 'Hematology Classroom', more: { type: ActionType.COURSE_LIST, data: {}, target: '_self' }, source: { limit: 4, department: 'hematology', order: 'popular' } },
  { layout: 'speaker_horizontal', zh: '特邀专家', en: 'Featured Experts', more: { type: ActionType.SPEAKER_LIST, data: {}, target: '_self' }, source: { limit: 8, order: 'popular' } },
  { layout: 'courses', zh: '限时免费', en: 'Free This Week', hide: true, more: null, source: { limit: 8, price_type: 1 } },
  { layout: 'special', zh: '专题合辑', en: 'Special Albums', more: null, source: { limit: 3 } },
  { layout: 'special_topics', zh: '热门专题', en: 'Hot Topics', more: { type: ActionType.TOPIC_LIST, data: {}, target: '_self' }, source: { limit: 4 } },
  { layout: 'columns', zh: '精品栏目', en: 'Programmes', more: { type: ActionType.COLUMN_LIST, data: {}, target: '_self' }, source: { limit: 4 } },
  { layout: 'news', zh: '最新资讯', en: 'Latest News', more: route('/news'), source: { limit: 5 } },
  { layout: 'papers', zh: '经典文献', en: 'Landmark Papers', more: null, source: { limit: 4 } },
  { layout: 'speakers', zh: '专家团队', en: 'Our Experts', more: { type: ActionType.SPEAKER_LIST, data: {}, target: '_self' }, source: { limit: 6, order: 'latest' } },
  { layout: 'search_items', zh: '大家都在看', en: 'Trending', more: null, source: { limit: 6, modules: ['course', 'live', 'news'] } },
  { layout: 'intro_text', zh: '平台介绍', en: 'About Us', more: null, source: { limit: 2 } },
];
