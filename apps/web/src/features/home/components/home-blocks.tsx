import type { ComponentType } from 'react';
import type { Banner, BlockLayout, HomeBlock, HomeBlockOf } from '@medportal/contract';
import { BannerBlock } from './banner-block';
import { BigCoursesBlock } from './big-courses-block';
import { ColumnsBlock } from './columns-block';
import { CourseSeriesBlock } from './course-series-block';
import { CoursesBlock } from './courses-block';
import { IntroTextBlock } from './intro-text-block';
import { LeftImageCoursesBlock } from './left-image-courses-block';
import { LiveMeetingsBlock } from './live-meetings-block';
import { NewsBlock } from './news-block';
import { NewsMenuBlock } from './news-menu-block';
import { PapersBlock } from './papers-block';
import { SearchItemsBlock } from './search-items-block';
import { SpeakerHorizontalBlock } from './speaker-horizontal-block';
import { SpeakersBlock } from './speakers-block';
import { SpecialBlock } from './special-block';
import { SpecialTopicsBlock } from './special-topics-block';
import { TodayLiveBlock } from './today-live-block';

type BlockComponents = { [L in BlockLayout]: ComponentType<{ block: HomeBlockOf<L> }> };

/** One component per block layout of the contract; the type makes a missing layout a compile error. */
const BLOCKS: BlockComponents = {
  banner: BannerBlock,
  news: NewsBlock,
  news_menu: NewsMenuBlock,
  speaker_horizontal: SpeakerHorizontalBlock,
  courses: CoursesBlock,
  big_courses: BigCoursesBlock,
  columns: ColumnsBlock,
  papers: PapersBlock,
  intro_text: IntroTextBlock,
  course_series: CourseSeriesBlock,
  special: SpecialBlock,
  speakers: SpeakersBlock,
  live_meetings: LiveMeetingsBlock,
  today_live: TodayLiveBlock,
  left_image_courses: LeftImageCoursesBlock,
  search_items: SearchItemsBlock,
  special_topics: SpecialTopicsBlock,
};

/** Blocks that are shown: not hidden by their header, with items, of a layout this build knows. */
export const visibleBlocks = (blocks: readonly HomeBlock[]): HomeBlock[] =>
  blocks.filter((b) => !b.header.hide && b.data.items.length > 0 && Object.hasOwn(BLOCKS, b.layout));

/** Renders a home block with the component of its layout. */
export function HomeBlockView({ block, sideBanners }: { block: HomeBlock; sideBanners?: Banner[] }) {
  if (block.layout === 'banner') return <BannerBlock block={block} side={sideBanners} />;
  const Component = BLOCKS[block.layout] as ComponentType<{ block: HomeBlock }>;
  return <Component block={block} />;
}
