import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { CatalogFormPage, CatalogListPage } from './catalog-pages';
import { CATALOG } from './definitions';

const names = {
  speakers: ['讲者', 'Speakers'],
  hospitals: ['医院', 'Hospitals'],
  organizers: ['主办方', 'Organizers'],
  keywords: ['关键词', 'Keywords'],
  columns: ['栏目', 'Columns'],
  specials: ['专题与专辑', 'Special topics and albums'],
  album_configs: ['专辑配置', 'Album settings'],
  papers: ['文献', 'Papers'],
  selected_videos: ['期刊精选', 'Journal-channel items'],
  congresses: ['国际会议日历', 'Meeting calendar'],
  site_pages: ['站点页面', 'Site pages'],
  relate_sites: ['姊妹产品', 'Sister products'],
  hot_words: ['热门搜索词', 'Hot search words'],
} as const;

const fields = {
  name: ['名称', 'Name'],
  title: ['标题', 'Title'],
  title_zh: ['中文标题', 'Title (Chinese)'],
  title_en: ['英文标题', 'Title (English)'],
  avatar: ['头像', 'Photo'],
  intro: ['简介', 'Introduction'],
  intro_zh: ['介绍（中文 HTML）', 'Introduction (Chinese HTML)'],
  intro_en: ['介绍（英文 HTML）', 'Introduction (English HTML)'],
  hospital_id: ['医院', 'Hospital'],
  organization_id: ['主办方', 'Organizer'],
  department_ids: ['科室', 'Departments'],
  course_ids: ['专题课程', 'Courses in the topic'],
  live_ids: ['专题直播', 'Lives in the topic'],
  news_ids: ['专题资讯', 'News in the topic'],
  paper_ids: ['专题文献', 'Papers in the topic'],
  video_ids: ['专辑视频（按顺序）', 'Album videos (in order)'],
  sort: ['排序', 'Order'],
  city: ['城市', 'City'],
  city_zh: ['城市（中文）', 'City (Chinese)'],
  city_en: ['城市（英文）', 'City (English)'],
  logo: ['标志', 'Logo'],
  region_id: ['地区', 'Region'],
  cover: ['封面', 'Cover'],
  desc: ['描述', 'Description'],
  kind: ['类型', 'Kind'],
  theme_id: ['主题 ID', 'Theme ID'],
  special_id: ['专辑', 'Album'],
  channel_id: ['频道', 'Channel'],
  subtitle: ['副标题', 'Subtitle'],
  banner: ['横幅', 'Banner'],
  primary_color: ['主色', 'Main colour'],
  accent_color: ['强调色', 'Accent colour'],
  menus: ['子页面', 'Sub-pages'],
  about: ['关于', 'About'],
  copyright: ['版权', 'Copyright'],
  abstract: ['摘要', 'Abstract'],
  full_journal: ['期刊', 'Journal'],
  doi: ['DOI', 'DOI'],
  summary: ['摘要', 'Summary'],
  transcript: ['文字稿', 'Transcript'],
  duration_s: ['时长（秒）', 'Length (seconds)'],
  acronym: ['简称', 'Acronym'],
  organizer_zh: ['主办方（中文）', 'Organizer (Chinese)'],
  organizer_en: ['主办方（英文）', 'Organizer (English)'],
  start_date: ['开始日期', 'Starts'],
  end_date: ['结束日期', 'Ends'],
  country: ['国家代码', 'Country code'],
  venue: ['地点', 'Venue'],
  field: ['领域', 'Field'],
  region: ['地区', 'Region'],
  mode: ['形式', 'Format'],
  url: ['网址', 'Website'],
  abstract_deadline: ['摘要截止', 'Abstracts due'],
  registration_deadline: ['注册截止', 'Registration closes'],
  summary_zh: ['简介（中文）', 'Summary (Chinese)'],
  summary_en: ['简介（英文）', 'Summary (English)'],
  slug: ['路径标识', 'Slug'],
  body_zh: ['正文（中文 HTML）', 'Text (Chinese HTML)'],
  body_en: ['正文（英文 HTML）', 'Text (English HTML)'],
  version: ['版本号', 'Version label'],
  effective_on: ['生效日期', 'In force from'],
  key: ['标识', 'Key'],
  icon: ['图标', 'Icon'],
  word: ['搜索词', 'Word'],
  features: ['特色卡片（按顺序）', 'Feature cards (in order)'],
  links: ['按钮（第一个为主按钮）', 'Buttons (the first is the main one)'],
  text_zh: ['说明（中文）', 'Text (Chinese)'],
  text_en: ['说明（英文）', 'Text (English)'],
  url_hint: ['站内路径（/开头）或 https 地址', 'A site path (starting with /) or an https address'],
  add_row: ['添加一项', 'Add one'],
  move_up: ['上移', 'Move up'],
  move_down: ['下移', 'Move down'],
  remove_row: ['移除', 'Remove'],
  updated_at: ['更新时间', 'Updated'],
} as const;

const pick = (table: Record<string, readonly [string, string]>, i: 0 | 1) => Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v[i]]));

/**
 * The catalog (area `content`, decision record 0068): one menu group with every resource, each a
 * generic list and form page driven by its definition.
 */
export const catalogArea: ConsoleArea = {
  area: 'content',
  resources: [
    { name: 'catalog', meta: { labelKey: 'catalog.title' } },
    ...CATALOG.map((d) => ({
      name: d.name,
      list: `/catalog/${d.name}`,
      create: `/catalog/${d.name}/create`,
      edit: `/catalog/${d.name}/edit/:id`,
      meta: { labelKey: `catalog.resources.${d.name}`, parent: 'catalog', canDelete: !d.publication },
    })),
  ],
  routes: (
    <>
      {CATALOG.map((d) => (
        <Route key={d.name} path={`/catalog/${d.name}`}>
          <Route index element={<CatalogListPage def={d} />} />
          <Route path="create" element={<CatalogFormPage key="create" def={d} action="create" />} />
          <Route path="edit/:id" element={<CatalogFormPage key="edit" def={d} action="edit" />} />
        </Route>
      ))}
    </>
  ),
  texts: {
    zh: {
      catalog: {
        lang: 'zh',
        title: '内容目录',
        resources: pick(names, 0),
        fields: pick(fields, 0),
        bulkPublish: '发布',
        bulkOffline: '下线',
        bulkDelete: '删除',
        htmlHint: '保存时服务器按站点规则清理 HTML',
        imageUrl: '或填写图片地址',
        versions: '历史版本',
        restore: '恢复',
        restoreConfirm: '恢复第 {{n}} 版？将保存为新版本。',
        restored: '已恢复第 {{n}} 版',
        restoredFrom: '恢复自',
        author: '编辑人 ID',
      },
    },
    en: {
      catalog: {
        lang: 'en',
        title: 'Catalog',
        resources: pick(names, 1),
        fields: pick(fields, 1),
        bulkPublish: 'Publish',
        bulkOffline: 'Take offline',
        bulkDelete: 'Delete',
        htmlHint: 'The server cleans the HTML with the site rules when saving',
        imageUrl: 'or the image address',
        versions: 'Versions',
        restore: 'Restore',
        restoreConfirm: 'Restore version {{n}}? It is saved as a new version.',
        restored: 'Version {{n}} restored',
        restoredFrom: 'Restored from',
        author: 'Editor ID',
      },
    },
  },
};
