import { ActionType, type ApiLanguage, type Course, ErrorCode, type LiveAgendaData } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { action, presentCourse } from '../shared/content.present.ts';
import * as repo from './live-agenda.repository.ts';

export class LiveAgendaService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async live(id: number) {
    const l = await repo.findLive(this.db, id, this.now());
    if (!l) throw new AppError(ErrorCode.NOT_FOUND);
    return l;
  }

  async agenda(id: number, lang: ApiLanguage): Promise<LiveAgendaData> {
    await this.live(id);
    const rows = await repo.agendaOf(this.db, id);
    return {
      items: rows.map((r) => ({
        id: r.id,
        start_at: r.startAt.toISOString(),
        end_at: r.endAt.toISOString(),
        title: pick(lang, r.titleZh, r.titleEn),
        speaker:
          r.speakerId === null || r.nameZh === null
            ? null
            : {
                id: r.speakerId,
                name: pick(lang, r.nameZh, r.nameEn),
                title: pick(lang, r.speakerTitleZh ?? '', r.speakerTitleEn),
                avatar: r.avatar ?? '',
                action: action(ActionType.SPEAKER_DETAIL, { id: r.speakerId }),
              },
      })),
    };
  }

  async relatedCourses(id: number, limit: number, lang: ApiLanguage): Promise<{ items: Course[] }> {
    const l = await this.live(id);
    const rows = await repo.relatedCourses(this.db, this.now(), await repo.speakerIdsOf(this.db, l), l.departmentId, limit);
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
}
