import { paths } from '../../../config/paths';

/**
 * Where the generic module target `/{module}/{module_id}` (spec §2; skip actions of type
 * MODULE_DETAIL) leads: the module's own page, or null (the 404 page) for an unknown module or an
 * id that is not a positive integer.
 */
const targets: Readonly<Record<string, (id: number) => string>> = {
  course: paths.courseDetail.getHref,
  news: paths.newsDetail.getHref,
  live: paths.liveRoom.getHref,
  vod: paths.vod.getHref,
  speaker: paths.speakerDetail.getHref,
  column: () => paths.column.getHref(),
  paper: paths.paperDetail.getHref,
  topic: paths.topic.getHref,
  hospital: paths.hospital.getHref,
  organizer: paths.organizer.getHref,
  keywords: paths.keywords.getHref,
  keyword: paths.keywords.getHref,
};

export function resolveModuleTarget(module: string | undefined, moduleId: string | undefined): string | null {
  if (!module || !moduleId || !/^[1-9]\d{0,9}$/.test(moduleId)) return null;
  const id = Number(moduleId);
  if (id > 2_147_483_647) return null;
  const build = Object.hasOwn(targets, module) ? targets[module] : undefined;
  return build ? build(id) : null;
}
