import { LiveStatus, type LivePushAddress, type Media } from '@medportal/contract';
import type { MediaSettings } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { PushAddress, StreamingProvider } from '../../lib/streaming/index.ts';
import { liveStatus } from '../shared/live.present.ts';
import type { MediaProvider } from './media.adapter.ts';
import { bindLoopStream, bindStreamRecording } from './media.bindings.ts';
import * as repo from './media.repository.ts';

/** How long after the live's end (or now, if later) a push key stays valid. */
export const PUSH_KEY_GRACE_S = 24 * 3600;

const pushExpiry = (liveEnd: Date, now: Date) => new Date(Math.max(liveEnd.getTime(), now.getTime()) + PUSH_KEY_GRACE_S * 1000);

const freshStream = (liveId: number) => () => ({ streamName: `live-${liveId}-${randomToken(6)}`, streamKey: randomToken(18) });

export interface PushPanel {
  streamName: string;
  address: PushAddress;
  expiresAt: Date;
  rotatedAt: Date | null;
  playbackHls: string;
  /** The stream plays (and so records) the sandbox's loop: it can become the replay. */
  streamRecording: boolean;
  replayAttached: boolean;
}

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
    readonly streaming: StreamingProvider,
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

  private stream(liveId: number, db: Db | Tx = this.db) {
    return repo.ensureStream(db, liveId, freshStream(liveId));
  }

  /**
   * A live's media now: the stream while it is on air, the recording once it has one, else null.
   * The caller decides who may see it (`liveAccess`).
   */
  async liveStream(liveId: number): Promise<{ kind: 'live' | 'replay'; media: Media } | null> {
    const live = await repo.findPublishedLive(this.db, liveId, this.now());
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
  async pushAddress(liveId: number, liveEnd: Date): Promise<LivePushAddress> {
    const p = await this.pushPanel(liveId, liveEnd);
    return { server: p.address.server, stream_key: p.address.streamKey, url: p.address.url };
  }

  /**
   * The live's push address, its expiry and playback (decision record 0066). The key is issued on
   * first sight, valid until PUSH_KEY_GRACE_S after the later of the live's end and now.
   */
  async pushPanel(liveId: number, liveEnd: Date, db: Db | Tx = this.db): Promise<PushPanel> {
    let s = await this.stream(liveId, db);
    if (!s.pushExpiresAt) {
      const expiresAt = pushExpiry(liveEnd, this.now());
      await repo.setPushExpiry(db, liveId, expiresAt);
      s = { ...s, pushExpiresAt: expiresAt };
    }
    const expiresAt = s.pushExpiresAt as Date;
    const bindings = await repo.streamBindings(db, liveId);
    return {
      streamName: s.streamName,
      address: this.streaming.pushAddress(s.streamName, Math.floor(expiresAt.getTime() / 1000)),
      expiresAt,
      rotatedAt: s.rotatedAt,
      playbackHls: this.provider.liveUrl({ liveId, streamName: s.streamName }, this.expiry()),
      streamRecording: bindings.live,
      replayAttached: bindings.replay,
    };
  }

  /** A new stream name and key (the old push URL stops working), in the caller's transaction. */
  async rotateStream(tx: Tx, liveId: number, liveEnd: Date): Promise<{ before: string; after: string; expiresAt: Date }> {
    const old = await this.stream(liveId, tx);
    const now = this.now();
    const next = { ...freshStream(liveId)(), pushExpiresAt: pushExpiry(liveEnd, now), rotatedAt: now };
    await repo.rotateStream(tx, liveId, next);
    return { before: old.streamName, after: next.streamName, expiresAt: next.pushExpiresAt };
  }

  /** A schedule moved past the key's expiry takes the expiry with it (the key's signature changes). */
  async keepPushKeyValid(tx: Tx, liveId: number, liveEnd: Date): Promise<void> {
    const s = await this.stream(liveId, tx);
    const wanted = pushExpiry(liveEnd, this.now());
    if (s.pushExpiresAt && s.pushExpiresAt.getTime() < wanted.getTime()) await repo.setPushExpiry(tx, liveId, wanted);
  }

  /** What the streaming service answers to `url` now: `stale` is a good signature of a replaced key. */
  async checkPush(liveId: number, url: string): Promise<'ok' | 'expired' | 'invalid' | 'stale'> {
    const check = this.streaming.verifyPush(url, Math.floor(this.now().getTime() / 1000));
    if (check.result === 'invalid') return 'invalid';
    const s = await this.stream(liveId);
    if (check.streamName !== s.streamName) return check.streamName.startsWith(`live-${liveId}-`) ? 'stale' : 'invalid';
    return check.result;
  }

  /** Whether the stream's playback needs a login (the room's rule, written with it). */
  async setLoginRequired(tx: Tx, liveId: number, on: boolean): Promise<void> {
    await this.stream(liveId, tx);
    await repo.setLoginRequired(tx, liveId, on);
  }

  /** What the stream played becomes the live's replay (the sandbox records its loop). */
  async useStreamRecording(tx: Tx, liveId: number): Promise<void> {
    await bindStreamRecording(tx, liveId);
  }

  /** The live's `live` binding to the sandbox's looping clip (what the simulated source plays). */
  async bindLoop(tx: Tx, liveId: number): Promise<void> {
    await bindLoopStream(tx, liveId);
  }

  /** The sandbox live source's segment clock: the loop asset and the live's times. */
  async liveSource(liveId: number) {
    const live = await repo.findPublishedLive(this.db, liveId, this.now());
    if (!live) return null;
    const asset = (await repo.assetsFor(this.db, 'live', [liveId])).get(liveId);
    return asset ? { live, asset } : null;
  }
}
