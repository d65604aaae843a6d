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
  { position: 'home', zh: '学术会议日历', en: 'Conference calendar', action: route('/live') },
  { position: 'home', zh: '会议平台：一站式办会服务', en: 'Meeting platform: run your conference in one place', action: { type: ActionType.EXTERNAL_URL, data: { url: 'https://meeting.medportal.cn/' }, target: '_blank' } },
  { position: 'home_side', zh: '下载 App，随时随地学习', en: 'Get the app and learn anywhere', action: route('/about_us') },
  { position: 'home_side', zh: '继续教育学分查询', en: 'Check your CME credits', action: route('/credit') },
  { position: 'user_center', zh: '完善资料，领取学习礼包', en: 'Complete your profile for a learning pack', action: route('/user/myinfo') },
  { position: 'user_center', zh: '我的优惠券', en: 'My coupons', action: route('/user/coupon') },
];

const external = (url: string): Action => ({ type: ActionType.EXTERNAL_URL, data: { url }, target: '_blank' });

interface ProductSeed {
  key: string;
  zh: string;
  en: string;
  descZh: string;
  descEn: string;
  label: string;
  /** Landing-page introduction (HTML). */
  introZh: string;
  introEn: string;
  features: ReadonlyArray<{ zh: string; en: string; textZh: string; textEn: string }>;
  /** The first is the main call to action. */
  links: ReadonlyArray<{ zh: string; en: string; action: Action }>;
}

/** The sister products of the top bar, each with the content of its landing page (`/{key}`). */
export const RELATE_SITES: readonly ProductSeed[] = [
  {
    key: 'creation',
    zh: '创作中心',
    en: 'Creation Centre',
    descZh: '发布课程、文章与病例',
    descEn: 'Publish courses, articles and cases',
    label: 'CR',
    introZh: '<p>创作中心是专家与医学编辑的工作台：在这里录制和上传课程、撰写学术文章、整理病例讨论，提交后经学术审核发布到平台，触达全国的临床医生。</p><p>创作者须遵守<a href="/contract">《用户服务协议》</a>，病例资料须去除可识别患者身份的信息。</p>',
    introEn: '<p>The Creation Centre is the workbench of our speakers and medical editors: record and upload courses, write articles and prepare case discussions, then publish them to clinicians across China after academic review.</p><p>Creators follow the <a href="/contract">User Agreement</a>; case material must not identify any patient.</p>',
    features: [
      { zh: '课程制作', en: 'Course production', textZh: '分章节上传视频与讲义，设置试看章节和价格。', textEn: 'Upload video and slides chapter by chapter, set preview chapters and prices.' },
      { zh: '文章与病例', en: 'Articles and cases', textZh: '图文编辑器支持表格、参考文献和 DOI 自动链接。', textEn: 'The editor handles tables, references and links DOIs automatically.' },
      { zh: '学术审核', en: 'Academic review', textZh: '学术委员会审核后发布，修改意见在线往来。', textEn: 'An academic board reviews every piece before it goes live, with comments online.' },
      { zh: '数据与收益', en: 'Reach and revenue', textZh: '查看学习人数、评价与课程收益。', textEn: 'See learners, appraisals and course revenue.' },
    ],
    links: [
      { zh: '进入创作中心', en: 'Open the Creation Centre', action: external('https://creation.medportal.cn/') },
      { zh: '浏览已发布的课程', en: 'Browse published courses', action: route('/course') },
      { zh: '注册账号', en: 'Create an account', action: route('/register') },
      { zh: '联系编辑部', en: 'Contact the editors', action: route('/contact_us') },
    ],
  },
  {
    key: 'literature',
    zh: '文献工具',
    en: 'Literature Tool',
    descZh: '检索、管理与解读医学文献',
    descEn: 'Search, organise and read the literature',
    label: 'LT',
    introZh: '<p>文献工具帮助临床医生高效检索、管理和阅读医学文献：一次检索覆盖主流数据库，收藏的文献按课题整理，重要研究附有专家中文解读。</p>',
    introEn: '<p>The Literature Tool helps clinicians search, organise and read the medical literature: one search across the major databases, saved papers organised by project, and expert commentary on the studies that matter.</p>',
    features: [
      { zh: '统一检索', en: 'One search', textZh: '中英文关键词检索，按期刊、年份和研究类型筛选。', textEn: 'Search in Chinese or English and filter by journal, year and study type.' },
      { zh: '文献管理', en: 'Reference library', textZh: '按课题分组收藏，导出常用引文格式。', textEn: 'Group saved papers by project and export common citation styles.' },
      { zh: '专家解读', en: 'Expert commentary', textZh: '经典与新近研究配有专家解读和要点摘要。', textEn: 'Landmark and recent studies come with expert commentary and key points.' },
    ],
    links: [
      { zh: '进入文献工具', en: 'Open the Literature Tool', action: external('https://literature.medportal.cn/') },
      { zh: '专题与经典文献', en: 'Topics and landmark papers', action: route('/topic') },
      { zh: '站内搜索', en: 'Search the portal', action: route('/search') },
    ],
  },
  {
    key: 'meeting',
    zh: '会议',
    en: 'Meetings',
    descZh: '学术会议报名、直播与回放',
    descEn: 'Register for, watch and replay meetings',
    label: 'MT',
    introZh: '<p>会议平台为学会、医院和主办方提供一站式办会服务：在线报名与缴费、多会场直播、电子壁报、学分管理和会后回放。参会者可以在这里报名、观看直播并回看精彩报告。</p>',
    introEn: '<p>The meeting platform gives societies, hospitals and organisers everything they need to run a conference: online registration and fees, multi-room live streaming, e-posters, credits and replays. Attendees register, watch live and catch up on the talks they missed.</p>',
    features: [
      { zh: '报名与缴费', en: 'Registration and fees', textZh: '自定义报名表，支持发票与团体报名。', textEn: 'Custom registration forms with invoices and group registration.' },
      { zh: '多会场直播', en: 'Multi-room streaming', textZh: '主会场与分会场同时直播，支持中英双语字幕。', textEn: 'Plenary and parallel sessions live at once, with Chinese and English captions.' },
      { zh: '学分与证书', en: 'Credits and certificates', textZh: '按观看时长核发继续教育学分与电子证书。', textEn: 'CME credits and certificates issued by watch time.' },
      { zh: '会后回放', en: 'Replays', textZh: '会议结束后自动生成回放，按报告检索。', textEn: 'Replays are ready after the meeting and searchable by talk.' },
    ],
    links: [
      { zh: '进入会议平台', en: 'Open the meeting platform', action: external('https://meeting.medportal.cn/') },
      { zh: '正在进行的会议直播', en: 'Conferences live now', action: route('/live') },
      { zh: '往期会议回放', en: 'Past conferences', action: route('/live/history') },
      { zh: '办会合作咨询', en: 'Talk to us about your meeting', action: route('/contact_us') },
    ],
  },
  {
    key: 'drug_newsletter',
    zh: '药研快讯',
    en: 'Drug Research Newsletter',
    descZh: '新药研发与审批动态',
    descEn: 'New drug development and approvals',
    label: 'DR',
    introZh: '<p>药研快讯每个工作日汇总国内外新药研发、临床试验结果和审批动态，由药学编辑筛选并注明出处，帮助您快速掌握治疗领域的变化。</p>',
    introEn: '<p>Every working day the Drug Research Newsletter gathers new drug development, trial results and approvals from China and abroad, selected by pharmacy editors with their sources, so you can see at a glance what is changing in your field.</p>',
    features: [
      { zh: '审批动态', en: 'Approvals', textZh: 'NMPA、FDA、EMA 的批准与适应证扩展。', textEn: 'Approvals and new indications from the NMPA, FDA and EMA.' },
      { zh: '临床试验', en: 'Clinical trials', textZh: '关键试验的主要终点与安全性数据。', textEn: 'Primary endpoints and safety data of pivotal trials.' },
      { zh: '按领域订阅', en: 'Subscribe by field', textZh: '选择关注的治疗领域，每周邮件推送。', textEn: 'Choose your therapeutic areas and get a weekly email.' },
    ],
    links: [
      { zh: '阅读药研快讯', en: 'Read the newsletter', action: external('https://drug.medportal.cn/') },
      { zh: '药械动态资讯', en: 'Drugs & Devices news', action: route('/news_cate/5') },
      { zh: '全部学术资讯', en: 'All medical news', action: route('/news') },
    ],
  },
  {
    key: 'dictionary',
    zh: '医学词典',
    en: 'Medical Dictionary',
    descZh: '中英文医学术语查询',
    descEn: 'Chinese–English medical terminology',
    label: 'DI',
    introZh: '<p>医学词典收录临床各学科的中英文术语、缩写和药品名称，给出规范译名、释义和例句，方便阅读外文文献和撰写英文论文。</p>',
    introEn: '<p>The Medical Dictionary covers Chinese and English terms, abbreviations and drug names across clinical specialties, with standard translations, definitions and examples, for reading the international literature and writing papers in English.</p>',
    features: [
      { zh: '规范译名', en: 'Standard terms', textZh: '以全国科学技术名词审定委员会公布的名词为准。', textEn: 'Follows the terms approved by the China National Committee for Terms in Sciences and Technologies.' },
      { zh: '缩写与药名', en: 'Abbreviations and drugs', textZh: '常见缩写全称与通用名、商品名对照。', textEn: 'Full forms of common abbreviations; generic and brand drug names side by side.' },
      { zh: '例句', en: 'Examples', textZh: '取自高质量期刊的真实例句。', textEn: 'Real sentences from leading journals.' },
    ],
    links: [
      { zh: '打开医学词典', en: 'Open the dictionary', action: external('https://dictionary.medportal.cn/') },
      { zh: '站内搜索', en: 'Search the portal', action: route('/search') },
    ],
  },
  {
    key: 'illustration',
    zh: '医学插画',
    en: 'Medical Illustration',
    descZh: '高质量医学插图素材',
    descEn: 'High-quality medical illustrations',
    label: 'IL',
    introZh: '<p>医学插画提供由专业医学插画师绘制的解剖、病理、手术步骤和机制示意图，可用于课件、论文和患者教育，并支持按需定制。</p>',
    introEn: '<p>Medical Illustration offers anatomy, pathology, surgical-step and mechanism drawings by professional medical illustrators, for slides, papers and patient education, and takes commissions.</p>',
    features: [
      { zh: '专业素材库', en: 'A professional library', textZh: '按学科与器官分类，支持中英文标注切换。', textEn: 'Organised by specialty and organ, with Chinese or English labels.' },
      { zh: '清晰授权', en: 'Clear licences', textZh: '教学、出版与商业用途分级授权。', textEn: 'Licences for teaching, publishing and commercial use.' },
      { zh: '定制绘制', en: 'Commissions', textZh: '根据论文或课程需要定制插图。', textEn: 'Custom drawings for your paper or course.' },
    ],
    links: [
      { zh: '浏览插画素材', en: 'Browse illustrations', action: external('https://illustration.medportal.cn/') },
      { zh: '定制插画咨询', en: 'Ask about a commission', action: route('/contact_us') },
      { zh: '专题', en: 'Topics', action: route('/topic') },
    ],
  },
];

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
