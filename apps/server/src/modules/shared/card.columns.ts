import { lives, news, newsCategories } from '../../db/schema/index.ts';

/**
 * The columns every live card and news card is presented from (presentLive, presentNews), so each
 * list that shows such cards selects the same fields. News columns need `news_categories` joined.
 */

export const liveCardColumns = {
  id: lives.id,
  titleZh: lives.titleZh,
  titleEn: lives.titleEn,
  subTitleZh: lives.subTitleZh,
  subTitleEn: lives.subTitleEn,
  banner: lives.banner,
  previewGif: lives.previewGif,
  startAt: lives.startAt,
  endAt: lives.endAt,
  hasReplay: lives.hasReplay,
};

export const newsCardColumns = {
  id: news.id,
  titleZh: news.titleZh,
  titleEn: news.titleEn,
  descriptionZh: news.descriptionZh,
  descriptionEn: news.descriptionEn,
  cover: news.cover,
  publishedAt: news.publishedAt,
  categoryId: newsCategories.id,
  categoryTitleZh: newsCategories.titleZh,
  categoryTitleEn: newsCategories.titleEn,
};
