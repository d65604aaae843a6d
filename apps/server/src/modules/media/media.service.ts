import { LiveStatus, type LivePushAddress, type Media } from '@medportal/contract';
import type { MediaSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { liveStatus } from '../shared/live.present.ts';
import type { MediaProvider } from './media.adapter.ts';
import * as repo from './media.repository.ts';

const SUBTITLE_LABELS = { zh: '中文', en: 'English' } as const;

/** What a viewer is, as far as watching goes. */
export interface Viewer {
  userId: number | undefined;
}

/**
 * Playable media for chapters, recordings and lives (decision record 0022): signed URLs from the
 * configured provider, valid for MEDIA_URL_TTL_S.
 */
export class MediaService {
  constructor(
    private readonly db: Db,
    readonly provider: MediaProvider,
    private readonly settings: MediaSettings,
    private readonly now: () => Date,
  ) {}

  /** Expiry (Unix seconds) of URLs signed now. */
  private expiry(): number {
    return Math.floor(this.now().getTime() / 1000) + this.settings.urlTtlS;
  }

  private present(asset: repo.AssetRow, expiresS: number, hlsUrl?: string, live = false): Media {
    const file = (name: string) => this.provider.fileUrl(`${asset.path}/${name}`, expiresS);
    return {
      hls_url: hlsUrl ?? file('master.m3u8'),
      duration_s: live ? 0 : asset.durationS,
      poster: file(asset.poster),
      subtitles: asset.subtitles.map((s) => ({ lang: s.lang, label: SUBTITLE_LABELS[s.lang], url: file(s.path) })),
      renditions: asset.renditions.map((r) => ({ ...r })),
      live,
      expires_at: new Date(expiresS * 1000).toISOString(),
    };
  }

  /** An asset's signed playback (the console's player). */
  assetMedia(asset: repo.AssetRow): Media {
    return this.present(asset, this.expiry());
  }

  /** Media of many targets of one kind at once (targets without media are absent). */
  async mediaFor(type: 'chapter' | 'replay' | 'author_talk' | 'author_linkup' | 'selected', ids: readonly number[]): Promise<Map<number, Media>> {
    const assets = await repo.assetsFor(this.db, type, ids);
    const exp = this.expiry();
    return new Map([...assets].map(([id, asset]) => [id, this.present(asset, exp)]));
  }

  private stream(liveId: number) {
    return repo.ensureStream(this.db, liveId, () => ({ streamName: `live-${liveId}-${randomToken(6)}`, streamKey: randomToken(18) }));
  }

  /**
   * A live's media now: the stream while it is on air, the recording once it has one, else null.
   * The caller decides who may see it (`liveAccess`).
   */
  async liveStream(liveId: number): Promise<{ kind: 'live' | 'replay'; media: Media } | null> {
    const live = await repo.findPublishedLive(this.db, liveId);
    if (!live) return null;
    const status = liveStatus(live.startAt, live.endAt, live.hasReplay, this.now());
    const exp = this.expiry();
    if (status === LiveStatus.LIVE) {
      const asset = (await repo.assetsFor(this.db, 'live', [liveId])).get(liveId);
      if (!asset) return null;
      const stream = await this.stream(liveId);
      return { kind: 'live', media: this.present(asset, exp, this.provider.liveUrl({ liveId, streamName: stream.streamName }, exp), true) };
    }
    if (status === LiveStatus.REPLAY) {
      const asset = (await repo.assetsFor(this.db, 'replay', [liveId])).get(liveId);
      return asset ? { kind: 'replay', media: this.present(asset, exp) } : null;
    }
    return null;
  }

  /**
   * A recording's media: a live's replay, else the footage its stream played (a live the
   * moderator ended early has no separate replay file); a standalone talk's own asset.
   */
  async recordingMedia(rec: { id: number; liveId: number | null }): Promise<Media | null> {
    const exp = this.expiry();
    if (rec.liveId === null) {
      const asset = (await repo.assetsFor(this.db, 'recording', [rec.id])).get(rec.id);
      return asset ? this.present(asset, exp) : null;
    }
    const asset = (await repo.assetsFor(this.db, 'replay', [rec.liveId])).get(rec.liveId) ?? (await repo.assetsFor(this.db, 'live', [rec.liveId])).get(rec.liveId);
    return asset ? this.present(asset, exp) : null;
  }

  /** Why a viewer may not watch a live's media, or null when they may. */
  async liveAccess(liveId: number, viewer: Viewer): Promise<'login' | null> {
    const stream = await this.stream(liveId);
    return stream.loginRequired && viewer.userId === undefined ? 'login' : null;
  }

  /** The organiser's push address of a live (show it only to its organisers and moderators). */
  async pushAddress(liveId: number): Promise<LivePushAddress> {
    const s = await this.stream(liveId);
    const key = `${s.streamName}?key=${s.streamKey}`;
    return { server: this.settings.rtmpPushUrl, stream_key: key, url: `${this.settings.rtmpPushUrl}/${key}` };
  }

  /** The sandbox live source's segment clock: the loop asset and the live's times. */
  async liveSource(liveId: number) {
    const live = await repo.findPublishedLive(this.db, liveId);
    if (!live) return null;
    const asset = (await repo.assetsFor(this.db, 'live', [liveId])).get(liveId);
    return asset ? { live, asset } : null;
  }
}
