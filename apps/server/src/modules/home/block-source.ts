import { z } from 'zod';

/**
 * Query parameters stored in home_blocks.source. Which ones a block reads depends on its layout;
 * unknown keys are ignored and a broken source falls back to the defaults (logged), so one bad
 * row never takes the home page down.
 */
export const BlockSource = z.object({
  limit: z.number().int().min(1).max(50).default(8),
  /** departments.slug */
  department: z.string().min(1).optional(),
  course_type: z.union([z.literal(1), z.literal(2)]).optional(),
  price_type: z.union([z.literal(1), z.literal(2)]).optional(),
  featured: z.boolean().optional(),
  order: z.enum(['latest', 'popular']).default('latest'),
  /** news / news_menu: categories (news_menu: one tab each, in this order). */
  category_ids: z.array(z.number().int().positive()).max(20).optional(),
  /** search_items: which content kinds to mix. */
  modules: z.array(z.enum(['course', 'live', 'news'])).min(1).default(['course', 'live', 'news']),
  /** banner: position of the banners table. */
  position: z.enum(['home', 'home_side', 'user_center']).default('home'),
  /** Chosen items of the layout's kind (the console's pickers), shown in this order instead of the query. */
  item_ids: z.array(z.number().int().positive()).min(1).max(50).optional(),
});
export type BlockSource = z.infer<typeof BlockSource>;
