import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { NewsCategoriesPage } from './categories-page';
import { NewsEditPage } from './news-edit-page';
import { NewsListPage } from './news-list-page';

/** News (area `content`): articles with the rich-text editor, categories. */
export const newsArea: ConsoleArea = {
  area: 'content',
  resources: [
    { name: 'news', list: '/content/news', create: '/content/news/new', edit: '/content/news/:id', meta: { labelKey: 'news.list.title' } },
    { name: 'news_categories', list: '/content/news-categories', meta: { labelKey: 'news.categories.title', apiPath: '/v1/admin/news/categories' } },
  ],
  routes: (
    <>
      <Route path="/content/news" element={<NewsListPage />} />
      <Route path="/content/news/new" element={<NewsEditPage />} />
      <Route path="/content/news/:id" element={<NewsEditPage />} />
      <Route path="/content/news-categories" element={<NewsCategoriesPage />} />
    </>
  ),
  texts: {
    zh: {
      news: {
        list: { title: '资讯', create: '新建资讯', delete: '删除', views: '阅读', updatedAt: '更新时间', from: '发布起', to: '发布止' },
        fields: {
          title: '标题',
          summary: '摘要',
          body: '正文',
          cover: '封面',
          category: '分类',
          source: '来源',
          author: '作者',
          doiHint: '格式 10.xxxx/...，发布后在正文末尾显示为链接',
          doiInvalid: 'DOI 格式应为 10.xxxx/...',
          tags: '标签',
          tagsHint: '读者从标签找到同主题的资讯',
        },
        edit: { title: '编辑资讯 {{id}}', createTitle: '新建资讯', save: '保存', saved: '已保存', version: '版本：{{at}}', conflict: '保存前，这篇资讯已被他人修改。', keepMine: '仍保存我的修改', reload: '载入他人的版本（放弃我的修改）' },
        categories: { title: '资讯分类', add: '添加分类', edit: '编辑', sort: '排序', count: '资讯数', deleteConfirm: '确定删除该分类？' },
      },
      richText: { bold: '加粗', italic: '斜体', bulletList: '项目列表', orderedList: '编号列表', quote: '引用', link: '链接', image: '插入图片', linkPrompt: '链接地址（留空则移除链接）' },
    },
    en: {
      news: {
        list: { title: 'News', create: 'New article', delete: 'Delete', views: 'Views', updatedAt: 'Updated', from: 'Published from', to: 'Published to' },
        fields: {
          title: 'Title',
          summary: 'Summary',
          body: 'Body',
          cover: 'Cover',
          category: 'Category',
          source: 'Source',
          author: 'Author',
          doiHint: 'As 10.xxxx/...; shown as a link under the body once published',
          doiInvalid: 'A DOI looks like 10.xxxx/...',
          tags: 'Tags',
          tagsHint: 'Readers find articles on the same subject through their tags',
        },
        edit: { title: 'Edit article {{id}}', createTitle: 'New article', save: 'Save', saved: 'Saved', version: 'Version: {{at}}', conflict: 'Someone else changed this article before you saved.', keepMine: 'Save mine anyway', reload: 'Load their version (drop my changes)' },
        categories: { title: 'News categories', add: 'Add category', edit: 'Edit', sort: 'Order', count: 'Articles', deleteConfirm: 'Delete this category?' },
      },
      richText: { bold: 'Bold', italic: 'Italic', bulletList: 'Bulleted list', orderedList: 'Numbered list', quote: 'Quote', link: 'Link', image: 'Insert image', linkPrompt: 'Link address (empty removes the link)' },
    },
  },
};
