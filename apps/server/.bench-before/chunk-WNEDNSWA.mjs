process.setSourceMapsEnabled?.(true);
import {
  __export
} from "./chunk-YR35MJNV.mjs";

// src/db/client.ts
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql as sql10 } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

// src/db/schema/index.ts
var schema_exports = {};
__export(schema_exports, {
  appMeta: () => appMeta,
  appraiseTags: () => appraiseTags,
  auditLog: () => auditLog,
  authSessions: () => authSessions,
  authTokens: () => authTokens,
  bankCards: () => bankCards,
  bannerPosition: () => bannerPosition,
  banners: () => banners,
  blockLayout: () => blockLayout,
  captchas: () => captchas,
  cardType: () => cardType,
  chapterProgress: () => chapterProgress,
  codeChannel: () => codeChannel,
  columnSpeakers: () => columnSpeakers,
  columnSubscriptions: () => columnSubscriptions,
  columns: () => columns,
  contactKind: () => contactKind,
  contactMessageStatus: () => contactMessageStatus,
  contactMessages: () => contactMessages,
  contentStatus: () => contentStatus,
  couponCampaigns: () => couponCampaigns,
  coupons: () => coupons,
  courseAppraisals: () => courseAppraisals,
  courseChapters: () => courseChapters,
  courseEntitlements: () => courseEntitlements,
  courseLearners: () => courseLearners,
  courseTags: () => courseTags,
  courses: () => courses,
  createdAt: () => createdAt,
  departments: () => departments,
  homeBlocks: () => homeBlocks,
  hospitals: () => hospitals,
  hotWords: () => hotWords,
  idempotencyKeys: () => idempotencyKeys,
  identityKind: () => identityKind,
  introTexts: () => introTexts,
  liveAccess: () => liveAccess,
  liveButtons: () => liveButtons,
  liveEvents: () => liveEvents,
  liveModerators: () => liveModerators,
  livePollOptions: () => livePollOptions,
  livePollVoters: () => livePollVoters,
  livePolls: () => livePolls,
  liveReminders: () => liveReminders,
  liveRooms: () => liveRooms,
  liveSigns: () => liveSigns,
  liveSlideMarks: () => liveSlideMarks,
  liveSlides: () => liveSlides,
  liveSpeakers: () => liveSpeakers,
  liveStreams: () => liveStreams,
  liveTopicLikes: () => liveTopicLikes,
  liveTopics: () => liveTopics,
  lives: () => lives,
  mediaAssets: () => mediaAssets,
  mediaBindings: () => mediaBindings,
  news: () => news,
  newsCategories: () => newsCategories,
  newsComments: () => newsComments,
  newsLikes: () => newsLikes,
  newsReads: () => newsReads,
  newsSpeakers: () => newsSpeakers,
  newsTags: () => newsTags,
  orders: () => orders,
  organizers: () => organizers,
  outbox: () => outbox,
  outboxStatus: () => outboxStatus,
  paperSpeakers: () => paperSpeakers,
  papers: () => papers,
  paymentNotifications: () => paymentNotifications,
  rateLimits: () => rateLimits,
  rechargeOptions: () => rechargeOptions,
  recordingChapters: () => recordingChapters,
  recordings: () => recordings,
  refunds: () => refunds,
  regions: () => regions,
  relateSites: () => relateSites,
  sandboxMessages: () => sandboxMessages,
  sandboxTrades: () => sandboxTrades,
  scoreLogs: () => scoreLogs,
  scoreReason: () => scoreReason,
  searchChanges: () => searchChanges,
  searchDocuments: () => searchDocuments,
  signIns: () => signIns,
  sitePages: () => sitePages,
  speakerDepartments: () => speakerDepartments,
  speakerFollows: () => speakerFollows,
  speakers: () => speakers,
  specialItemModule: () => specialItemModule,
  specialItems: () => specialItems,
  specialKind: () => specialKind,
  specials: () => specials,
  tags: () => tags,
  tokenKind: () => tokenKind,
  updatedAt: () => updatedAt,
  uploads: () => uploads,
  userFavorites: () => userFavorites,
  userHistory: () => userHistory,
  userIdentities: () => userIdentities,
  userRemindSettings: () => userRemindSettings,
  userRoles: () => userRoles,
  userStatus: () => userStatus,
  users: () => users,
  verificationCodes: () => verificationCodes,
  voucherBatches: () => voucherBatches,
  voucherKind: () => voucherKind,
  voucherStatus: () => voucherStatus,
  vouchers: () => vouchers,
  walletTransactions: () => walletTransactions,
  wallets: () => wallets,
  watchLogs: () => watchLogs,
  wechatLoginStatus: () => wechatLoginStatus,
  wechatLogins: () => wechatLogins,
  withdrawalStatus: () => withdrawalStatus,
  withdrawals: () => withdrawals
});

// src/db/schema/common.ts
import { pgEnum, timestamp } from "drizzle-orm/pg-core";
var contentStatus = pgEnum("content_status", ["draft", "published", "offline"]);
var createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
var updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow().$onUpdate(() => /* @__PURE__ */ new Date());

// src/db/schema/catalog.ts
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
var departments = pgTable(
  "departments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable value used in URLs (`dep_val`). */
    slug: text().notNull().unique(),
    /** Two-level tree (内科 > 心血管内科); null for a top-level group. */
    parentId: integer().references(() => departments.id, { onDelete: "set null" }),
    nameZh: text().notNull(),
    nameEn: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt()
  },
  (t) => [index("departments_parent_idx").on(t.parentId)]
);
var regions = pgTable(
  "regions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references(() => regions.id, { onDelete: "set null" }),
    nameZh: text().notNull(),
    nameEn: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt()
  },
  (t) => [index("regions_parent_idx").on(t.parentId)]
);
var hospitals = pgTable(
  "hospitals",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nameZh: text().notNull(),
    nameEn: text(),
    cityZh: text().notNull(),
    cityEn: text(),
    logo: text().notNull(),
    /** The most specific region (a city, or a municipality that has no cities below it). */
    regionId: integer().references(() => regions.id, { onDelete: "set null" }),
    createdAt: createdAt()
  },
  (t) => [index("hospitals_region_idx").on(t.regionId)]
);
var organizers = pgTable("organizers", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nameZh: text().notNull(),
  nameEn: text(),
  logo: text().notNull(),
  createdAt: createdAt()
});
var tags = pgTable("tags", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  cover: text(),
  createdAt: createdAt()
});

// src/db/schema/speakers.ts
import { index as index5, integer as integer5, pgTable as pgTable5, primaryKey as primaryKey3, text as text5 } from "drizzle-orm/pg-core";

// src/db/schema/editorial.ts
import { index as index2, integer as integer2, pgEnum as pgEnum2, pgTable as pgTable2, primaryKey, text as text2, timestamp as timestamp2, uuid } from "drizzle-orm/pg-core";
var columns = pgTable2("columns", {
  id: integer2().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text2().notNull(),
  titleEn: text2(),
  descZh: text2().notNull().default(""),
  descEn: text2(),
  cover: text2().notNull(),
  issueCount: integer2().notNull().default(0),
  sort: integer2().notNull().default(0),
  status: contentStatus().notNull().default("draft"),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
var papers = pgTable2(
  "papers",
  {
    id: integer2().primaryKey().generatedByDefaultAsIdentity(),
    uuid: uuid().notNull().unique(),
    titleZh: text2().notNull(),
    titleEn: text2(),
    abstractZh: text2().notNull().default(""),
    abstractEn: text2(),
    fullJournal: text2().notNull(),
    doi: text2(),
    status: contentStatus().notNull().default("draft"),
    publishedAt: timestamp2({ withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [index2("papers_status_published_idx").on(t.status, t.publishedAt)]
);
var specialKind = pgEnum2("special_kind", ["album", "topic"]);
var specials = pgTable2("specials", {
  id: integer2().primaryKey().generatedByDefaultAsIdentity(),
  kind: specialKind().notNull(),
  themeId: integer2(),
  titleZh: text2().notNull(),
  titleEn: text2(),
  descZh: text2().notNull().default(""),
  descEn: text2(),
  cover: text2().notNull(),
  sort: integer2().notNull().default(0),
  status: contentStatus().notNull().default("draft"),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
var specialItemModule = pgEnum2("special_item_module", ["course", "news", "live", "paper"]);
var specialItems = pgTable2(
  "special_items",
  {
    specialId: integer2().notNull().references(() => specials.id, { onDelete: "cascade" }),
    module: specialItemModule().notNull(),
    itemId: integer2().notNull(),
    sort: integer2().notNull().default(0)
  },
  (t) => [primaryKey({ columns: [t.specialId, t.module, t.itemId] }), index2("special_items_list_idx").on(t.specialId, t.module, t.sort)]
);
var hotWords = pgTable2("hot_words", {
  id: integer2().primaryKey().generatedByDefaultAsIdentity(),
  wordZh: text2().notNull(),
  wordEn: text2(),
  sort: integer2().notNull().default(0),
  status: contentStatus().notNull().default("published"),
  createdAt: createdAt()
});

// src/db/schema/news.ts
import { index as index4, integer as integer4, pgTable as pgTable4, primaryKey as primaryKey2, text as text4, timestamp as timestamp4 } from "drizzle-orm/pg-core";

// src/db/schema/users.ts
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index as index3, integer as integer3, pgEnum as pgEnum3, pgTable as pgTable3, smallint, text as text3, timestamp as timestamp3, unique } from "drizzle-orm/pg-core";
var userStatus = pgEnum3("user_status", ["active", "merged", "cancelled"]);
var users = pgTable3(
  "users",
  {
    id: integer3().primaryKey().generatedByDefaultAsIdentity(),
    status: userStatus().notNull().default("active"),
    nickname: text3().notNull(),
    /** Empty = the default avatar. */
    avatarUrl: text3().notNull().default(""),
    realName: text3().notNull().default(""),
    /** contract Gender: 0 unknown, 1 male, 2 female. */
    gender: smallint().notNull().default(0),
    hospital: text3().notNull().default(""),
    departmentId: integer3().references(() => departments.id, { onDelete: "set null" }),
    professionalTitle: text3().notNull().default(""),
    occupation: text3().notNull().default(""),
    province: text3().notNull().default(""),
    city: text3().notNull().default(""),
    researchField: text3().notNull().default(""),
    acceptUpdates: boolean().notNull().default(false),
    /** Which /improve form was submitted last (info, currency, info_vj, info_jeadv). */
    profileForm: text3(),
    profileCompleted: boolean().notNull().default(false),
    /** Credit points available (the credit feature writes a ledger; 0 until then). */
    pointsBalance: bigint({ mode: "number" }).notNull().default(0),
    /** Versioned scrypt strings (see modules/auth/passwords.ts); null = none set. */
    passwordHash: text3(),
    payPasswordHash: text3(),
    /** Wrong pay passwords in a row, and the lock they caused. */
    payFailures: integer3().notNull().default(0),
    payLockedUntil: timestamp3({ withTimezone: true }),
    notifyLive: boolean().notNull().default(true),
    notifyCourse: boolean().notNull().default(true),
    mergedInto: integer3().references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp3({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    check("users_gender_check", sql`${t.gender} in (0, 1, 2)`),
    check("users_points_check", sql`${t.pointsBalance} >= 0`)
  ]
);
var identityKind = pgEnum3("identity_kind", ["mobile", "email", "wechat"]);
var userIdentities = pgTable3(
  "user_identities",
  {
    id: integer3().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer3().notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: identityKind().notNull(),
    value: text3().notNull(),
    createdAt: createdAt()
  },
  (t) => [unique("user_identities_kind_value_key").on(t.kind, t.value), unique("user_identities_user_kind_key").on(t.userId, t.kind)]
);
var uploads = pgTable3(
  "uploads",
  {
    id: integer3().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer3().notNull().references(() => users.id, { onDelete: "cascade" }),
    key: text3().notNull().unique(),
    url: text3().notNull(),
    contentType: text3().notNull(),
    size: integer3().notNull(),
    width: integer3(),
    height: integer3(),
    createdAt: createdAt()
  },
  (t) => [index3("uploads_user_idx").on(t.userId)]
);

// src/db/schema/news.ts
var newsCategories = pgTable4("news_categories", {
  id: integer4().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text4().notNull(),
  titleEn: text4(),
  sort: integer4().notNull().default(0),
  status: contentStatus().notNull().default("published"),
  createdAt: createdAt()
});
var news = pgTable4(
  "news",
  {
    id: integer4().primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer4().notNull().references(() => newsCategories.id, { onDelete: "restrict" }),
    titleZh: text4().notNull(),
    titleEn: text4(),
    descriptionZh: text4().notNull().default(""),
    descriptionEn: text4(),
    /** HTML written by editors; sanitised with an allow-list when served. May contain DOI text the web links. */
    bodyZh: text4().notNull(),
    bodyEn: text4(),
    cover: text4().notNull(),
    sourceZh: text4().notNull().default(""),
    sourceEn: text4(),
    authorZh: text4().notNull().default(""),
    authorEn: text4(),
    viewCount: integer4().notNull().default(0),
    status: contentStatus().notNull().default("draft"),
    publishedAt: timestamp4({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index4("news_status_published_idx").on(t.status, t.publishedAt),
    index4("news_category_published_idx").on(t.categoryId, t.publishedAt)
  ]
);
var newsTags = pgTable4(
  "news_tags",
  {
    newsId: integer4().notNull().references(() => news.id, { onDelete: "cascade" }),
    tagId: integer4().notNull().references(() => tags.id, { onDelete: "cascade" }),
    sort: integer4().notNull().default(0)
  },
  (t) => [primaryKey2({ columns: [t.newsId, t.tagId] })]
);
var newsLikes = pgTable4(
  "news_likes",
  {
    newsId: integer4().notNull().references(() => news.id, { onDelete: "cascade" }),
    userId: integer4().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey2({ columns: [t.newsId, t.userId] }), index4("news_likes_user_idx").on(t.userId)]
);
var newsComments = pgTable4(
  "news_comments",
  {
    id: integer4().primaryKey().generatedByDefaultAsIdentity(),
    newsId: integer4().notNull().references(() => news.id, { onDelete: "cascade" }),
    userId: integer4().notNull().references(() => users.id, { onDelete: "cascade" }),
    content: text4().notNull(),
    createdAt: createdAt()
  },
  (t) => [index4("news_comments_news_idx").on(t.newsId, t.id), index4("news_comments_user_idx").on(t.userId, t.id)]
);
var newsReads = pgTable4(
  "news_reads",
  {
    newsId: integer4().notNull().references(() => news.id, { onDelete: "cascade" }),
    userId: integer4().notNull().references(() => users.id, { onDelete: "cascade" }),
    readCount: integer4().notNull().default(1),
    firstReadAt: timestamp4({ withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp4({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey2({ columns: [t.newsId, t.userId] }), index4("news_reads_user_idx").on(t.userId, t.lastReadAt)]
);

// src/db/schema/speakers.ts
var speakers = pgTable5(
  "speakers",
  {
    id: integer5().primaryKey().generatedByDefaultAsIdentity(),
    nameZh: text5().notNull(),
    nameEn: text5(),
    avatar: text5().notNull(),
    /** Professional title, e.g. 主任医师、教授. */
    titleZh: text5().notNull(),
    titleEn: text5(),
    introZh: text5().notNull().default(""),
    introEn: text5(),
    hospitalId: integer5().references(() => hospitals.id, { onDelete: "set null" }),
    organizationId: integer5().references(() => organizers.id, { onDelete: "set null" }),
    /** Cache of count(speaker_follows) for ordering; rewritten from the rows in every follow transaction. */
    followerCount: integer5().notNull().default(0),
    sort: integer5().notNull().default(0),
    status: contentStatus().notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [index5("speakers_status_sort_idx").on(t.status, t.sort)]
);
var speakerDepartments = pgTable5(
  "speaker_departments",
  {
    speakerId: integer5().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    departmentId: integer5().notNull().references(() => departments.id, { onDelete: "cascade" })
  },
  (t) => [primaryKey3({ columns: [t.speakerId, t.departmentId] })]
);
var speakerFollows = pgTable5(
  "speaker_follows",
  {
    userId: integer5().notNull().references(() => users.id, { onDelete: "cascade" }),
    speakerId: integer5().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey3({ columns: [t.userId, t.speakerId] }), index5("speaker_follows_speaker_idx").on(t.speakerId)]
);
var newsSpeakers = pgTable5(
  "news_speakers",
  {
    newsId: integer5().notNull().references(() => news.id, { onDelete: "cascade" }),
    speakerId: integer5().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    sort: integer5().notNull().default(0)
  },
  (t) => [primaryKey3({ columns: [t.newsId, t.speakerId] }), index5("news_speakers_speaker_idx").on(t.speakerId)]
);
var columnSpeakers = pgTable5(
  "column_speakers",
  {
    columnId: integer5().notNull().references(() => columns.id, { onDelete: "cascade" }),
    speakerId: integer5().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    sort: integer5().notNull().default(0)
  },
  (t) => [primaryKey3({ columns: [t.columnId, t.speakerId] }), index5("column_speakers_speaker_idx").on(t.speakerId)]
);
var paperSpeakers = pgTable5(
  "paper_speakers",
  {
    paperId: integer5().notNull().references(() => papers.id, { onDelete: "cascade" }),
    speakerId: integer5().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    sort: integer5().notNull().default(0)
  },
  (t) => [primaryKey3({ columns: [t.paperId, t.speakerId] }), index5("paper_speakers_speaker_idx").on(t.speakerId)]
);

// src/db/schema/courses.ts
import { sql as sql2 } from "drizzle-orm";
import { bigint as bigint2, boolean as boolean2, check as check2, index as index6, integer as integer6, pgTable as pgTable6, primaryKey as primaryKey4, smallint as smallint2, text as text6, timestamp as timestamp5, unique as unique2 } from "drizzle-orm/pg-core";
var courses = pgTable6(
  "courses",
  {
    id: integer6().primaryKey().generatedByDefaultAsIdentity(),
    /** contract CourseType: 1 single, 2 series. */
    courseType: smallint2().notNull(),
    titleZh: text6().notNull(),
    titleEn: text6(),
    summaryZh: text6().notNull().default(""),
    summaryEn: text6(),
    cover: text6().notNull(),
    /** contract PriceType: 1 free, 2 paid. */
    priceType: smallint2().notNull(),
    /** Integer fen. bigint in the database; values stay far below 2^53 so JS numbers are exact. */
    price: bigint2({ mode: "number" }).notNull().default(0),
    /** Price before discount in fen; 0 when there is none. */
    originalPrice: bigint2({ mode: "number" }).notNull().default(0),
    learnCount: integer6().notNull().default(0),
    /** Series courses: number of chapters published so far. */
    courseUpdatedCount: integer6().notNull().default(0),
    departmentId: integer6().references(() => departments.id, { onDelete: "set null" }),
    speakerId: integer6().references(() => speakers.id, { onDelete: "set null" }),
    /** The series course (course_type 2) this single course belongs to, if any. */
    seriesId: integer6().references(() => courses.id, { onDelete: "set null" }),
    isFeatured: boolean2().notNull().default(false),
    status: contentStatus().notNull().default("draft"),
    publishedAt: timestamp5({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index6("courses_status_published_idx").on(t.status, t.publishedAt),
    index6("courses_department_idx").on(t.departmentId),
    index6("courses_series_idx").on(t.seriesId),
    check2("courses_course_type_check", sql2`${t.courseType} in (1, 2)`),
    check2("courses_price_type_check", sql2`${t.priceType} in (1, 2)`),
    check2("courses_price_check", sql2`${t.price} >= 0 and ${t.originalPrice} >= 0`)
  ]
);
var courseChapters = pgTable6(
  "course_chapters",
  {
    id: integer6().primaryKey().generatedByDefaultAsIdentity(),
    courseId: integer6().notNull().references(() => courses.id, { onDelete: "cascade" }),
    sort: integer6().notNull(),
    titleZh: text6().notNull(),
    titleEn: text6(),
    durationS: integer6().notNull().default(0),
    isFree: boolean2().notNull().default(false),
    createdAt: createdAt()
  },
  (t) => [unique2("course_chapters_course_sort_key").on(t.courseId, t.sort)]
);
var courseTags = pgTable6(
  "course_tags",
  {
    courseId: integer6().notNull().references(() => courses.id, { onDelete: "cascade" }),
    tagId: integer6().notNull().references(() => tags.id, { onDelete: "cascade" }),
    sort: integer6().notNull().default(0)
  },
  (t) => [primaryKey4({ columns: [t.courseId, t.tagId] }), index6("course_tags_tag_idx").on(t.tagId)]
);
var appraiseTags = pgTable6("appraise_tags", {
  id: integer6().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text6().notNull(),
  titleEn: text6(),
  sort: integer6().notNull().default(0)
});
var courseAppraisals = pgTable6(
  "course_appraisals",
  {
    id: integer6().primaryKey().generatedByDefaultAsIdentity(),
    courseId: integer6().notNull().references(() => courses.id, { onDelete: "cascade" }),
    userId: integer6().notNull().references(() => users.id, { onDelete: "cascade" }),
    rating: smallint2().notNull(),
    content: text6().notNull().default(""),
    tagIds: integer6().array().notNull().default(sql2`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    unique2("course_appraisals_course_user_key").on(t.courseId, t.userId),
    index6("course_appraisals_course_idx").on(t.courseId, t.createdAt),
    check2("course_appraisals_rating_check", sql2`${t.rating} between 1 and 5`)
  ]
);
var courseLearners = pgTable6(
  "course_learners",
  {
    userId: integer6().notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: integer6().notNull().references(() => courses.id, { onDelete: "cascade" }),
    lastChapterId: integer6().references(() => courseChapters.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    primaryKey4({ columns: [t.userId, t.courseId] }),
    index6("course_learners_course_idx").on(t.courseId),
    index6("course_learners_user_updated_idx").on(t.userId, t.updatedAt)
  ]
);
var chapterProgress = pgTable6(
  "chapter_progress",
  {
    userId: integer6().notNull().references(() => users.id, { onDelete: "cascade" }),
    chapterId: integer6().notNull().references(() => courseChapters.id, { onDelete: "cascade" }),
    courseId: integer6().notNull().references(() => courses.id, { onDelete: "cascade" }),
    /** Where the player was at the last heartbeat: the resume position. */
    positionS: integer6().notNull().default(0),
    durationS: integer6().notNull().default(0),
    /** Credited played seconds (decision record 0023); never more than the chapter's duration. */
    playedS: integer6().notNull().default(0),
    completed: boolean2().notNull().default(false),
    /** The playback session of the last heartbeat and what it had played: repeats credit nothing. */
    sessionId: text6().notNull().default(""),
    sessionPlayedS: integer6().notNull().default(0),
    lastBeatAt: timestamp5({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt()
  },
  (t) => [primaryKey4({ columns: [t.userId, t.chapterId] }), index6("chapter_progress_user_course_idx").on(t.userId, t.courseId)]
);

// src/db/schema/lives.ts
import { sql as sql3 } from "drizzle-orm";
import { boolean as boolean3, check as check3, index as index7, integer as integer7, pgTable as pgTable7, text as text7, timestamp as timestamp6, unique as unique3 } from "drizzle-orm/pg-core";
var lives = pgTable7(
  "lives",
  {
    id: integer7().primaryKey().generatedByDefaultAsIdentity(),
    titleZh: text7().notNull(),
    titleEn: text7(),
    subTitleZh: text7().notNull().default(""),
    subTitleEn: text7(),
    banner: text7().notNull(),
    previewGif: text7(),
    startAt: timestamp6({ withTimezone: true }).notNull(),
    endAt: timestamp6({ withTimezone: true }).notNull(),
    /** After the end, a recording exists (status "replay" rather than "ended"). */
    hasReplay: boolean3().notNull().default(false),
    /** Meeting number, shown in groups of four digits. */
    meetingNo: text7().notNull(),
    organizerId: integer7().references(() => organizers.id, { onDelete: "set null" }),
    departmentId: integer7().references(() => departments.id, { onDelete: "set null" }),
    speakerId: integer7().references(() => speakers.id, { onDelete: "set null" }),
    status: contentStatus().notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index7("lives_status_start_idx").on(t.status, t.startAt),
    check3("lives_time_check", sql3`${t.endAt} > ${t.startAt}`)
  ]
);
var liveReminders = pgTable7(
  "live_reminders",
  {
    id: integer7().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer7().notNull().references(() => users.id, { onDelete: "cascade" }),
    liveId: integer7().notNull().references(() => lives.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The language and timezone the reminder was set in: its message is written in them. */
    lang: text7().notNull().default("zh_CN"),
    timezone: text7().notNull().default("+08:00"),
    sentAt: timestamp6({ withTimezone: true }),
    channel: text7()
  },
  (t) => [
    unique3("live_reminders_user_live_uq").on(t.userId, t.liveId),
    index7("live_reminders_live_idx").on(t.liveId),
    index7("live_reminders_pending_idx").on(t.liveId).where(sql3`${t.sentAt} is null`)
  ]
);
var userRemindSettings = pgTable7(
  "user_remind_settings",
  {
    userId: integer7().primaryKey().references(() => users.id, { onDelete: "cascade" }),
    channel: text7().notNull(),
    minutesBefore: integer7().notNull(),
    updatedAt: updatedAt()
  },
  (t) => [check3("user_remind_settings_minutes_check", sql3`${t.minutesBefore} between 1 and 10080`)]
);

// ../../packages/contract/src/common.ts
import { z } from "zod";

// ../../packages/contract/src/codes.ts
var ErrorCode = {
  OK: 0,
  /** The call "returns false" (spec §8). */
  FALSE: 10001,
  /** Not logged in, or the access token expired (spec §8). */
  NOT_LOGGED_IN: 200203,
  VALIDATION: 4e4,
  BAD_REQUEST: 40001,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  METHOD_NOT_ALLOWED: 40005,
  CONFLICT: 40009,
  PAYLOAD_TOO_LARGE: 40013,
  UNSUPPORTED_MEDIA_TYPE: 40015,
  RATE_LIMITED: 40029,
  /** Account or password wrong; the same answer whether or not the account exists. */
  WRONG_CREDENTIALS: 40101,
  /** Verification code (SMS or email) wrong, expired or already used. */
  CODE_INVALID: 40102,
  /** An image captcha must be solved first (repeated failures, or before sending a code). */
  CAPTCHA_REQUIRED: 40103,
  CAPTCHA_INVALID: 40104,
  /** The user already has a login password: use reset instead of set. */
  PASSWORD_ALREADY_SET: 40105,
  PAY_PASSWORD_NOT_SET: 40106,
  PAY_PASSWORD_ALREADY_SET: 40107,
  /** The mobile or email belongs to another account; `data.merge_token` allows merging. */
  ACCOUNT_TAKEN: 40108,
  /** WeChat login ticket expired or was cancelled. */
  TICKET_EXPIRED: 40109,
  /** A reminder for a live that has already ended. */
  LIVE_ENDED: 40120,
  /** Live room (40401–40429). The live needs its access code first. */
  LIVE_ACCESS_CODE_REQUIRED: 40401,
  LIVE_ACCESS_CODE_WRONG: 40402,
  /** Too many wrong access codes: locked for a while. */
  LIVE_ACCESS_CODE_LOCKED: 40403,
  /** Only the live's moderators may do this. */
  LIVE_NOT_MODERATOR: 40404,
  /** Questions are closed once the live has ended. */
  LIVE_QA_CLOSED: 40405,
  /** Too many questions in a short time. */
  LIVE_TOPIC_TOO_FAST: 40406,
  LIVE_POLL_CLOSED: 40407,
  LIVE_POLL_ALREADY_VOTED: 40408,
  /** Another poll is still open. */
  LIVE_POLL_ALREADY_OPEN: 40409,
  /** The status change does not fit the live's current status. */
  LIVE_STATUS_INVALID: 40410,
  /** Check-in opens 30 minutes before the start and closes at the end. */
  LIVE_SIGN_CLOSED: 40411,
  /** The recording is not available (yet). */
  RECORDING_NOT_READY: 40412,
  INSUFFICIENT_BALANCE: 40201,
  /** Log in to watch this chapter or live. */
  LOGIN_TO_WATCH: 40301,
  /** Buy the course to watch this chapter. */
  PURCHASE_TO_WATCH: 40302,
  /** A signed media link whose expiry has passed. */
  MEDIA_LINK_EXPIRED: 40303,
  /** A media link whose signature does not match (tampered or made up). */
  MEDIA_LINK_INVALID: 40304,
  /** The live has no stream to watch yet (not started, or ended without a replay). */
  MEDIA_NOT_AVAILABLE: 40305,
  WRONG_PAY_PASSWORD: 40202,
  /** Credit points, vouchers, bank cards, withdrawals (40260–40299; decision record 0028). */
  INSUFFICIENT_POINTS: 40260,
  VOUCHER_INVALID: 40261,
  VOUCHER_USED: 40262,
  VOUCHER_EXPIRED: 40263,
  /** The card number fails the check digit (Luhn). */
  BANKCARD_INVALID: 40270,
  /** The card's bank is not one we pay out to (not in the BIN table). */
  BANKCARD_UNSUPPORTED: 40271,
  BANKCARD_DUPLICATE: 40272,
  BANKCARD_LIMIT: 40273,
  WITHDRAWAL_TOO_SMALL: 40280,
  WITHDRAWAL_DAILY_LIMIT: 40281,
  /** The withdrawal is no longer in a state this action applies to. */
  WITHDRAWAL_STATE: 40282,
  /** Money (40203–40229). The user already owns this course. */
  ALREADY_PURCHASED: 40203,
  /** The order is no longer pending (paid, closed or refunded) or has expired. */
  ORDER_NOT_PAYABLE: 40204,
  /** The coupon is not this user's, already used, held by another order, or expired. */
  COUPON_UNAVAILABLE: 40205,
  /** The coupon's minimum spend or course scope does not fit this purchase. */
  COUPON_NOT_APPLICABLE: 40206,
  /** The campaign has no coupons left, or is not open for claiming now. */
  COUPON_SOLD_OUT: 40207,
  /** The user already holds as many coupons of this campaign as it allows. */
  COUPON_ALREADY_CLAIMED: 40208,
  /** Free, unpublished or unknown item: nothing to pay for. */
  NOT_FOR_SALE: 40209,
  /** The Idempotency-Key was used before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 40210,
  /** Only a paid order can be refunded, once. */
  REFUND_NOT_ALLOWED: 40211,
  /** The payment provider refused or did not answer; nothing was charged. */
  PAYMENT_PROVIDER_ERROR: 40212,
  LOCKED: 42301,
  INTERNAL: 5e4,
  UNAVAILABLE: 50300
};
var ActionType = {
  NONE: 0,
  /** data.url is a path inside the portal. */
  ROUTE: 1,
  /** data.url is an outside address. */
  EXTERNAL_URL: 2,
  NEWS_CATEGORY: 3,
  SPEAKER_DETAIL: 4,
  COURSE_DETAIL: 5,
  /** Course series list: data.dep_val, data.title. */
  COURSE_LIST: 6,
  LIVE_DETAIL: 7,
  VOD_DETAIL: 8,
  NEWS_DETAIL: 9,
  /** Generic module target: data.module, data.module_id. */
  MODULE_DETAIL: 10,
  /** Show data.message to the user; nothing to open. */
  MESSAGE: 11,
  SPEAKER_LIST: 12,
  LOGIN: 13,
  COLUMN_LIST: 14,
  TOPIC_LIST: 15,
  COURSE_INDEX: 16,
  LIVE_INDEX: 17,
  SEARCH: 18
};
var CourseType = { SINGLE: 1, SERIES: 2 };
var PriceType = { FREE: 1, PAID: 2 };
var LiveStatus = { UPCOMING: 0, LIVE: 1, ENDED: 2, REPLAY: 3 };

// ../../packages/contract/src/constants.ts
var PRODUCT_VERSION = "5.5.0";
var DEFAULT_TIMEZONE = "+08:00";
var IMAGE_UPLOAD_LIMIT_KB = 10240;
var HOME_CACHE_TTL_MS = 5e3;
var EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.[A-Za-z]{2,5}$/;
var PASSWORD_MIN_LENGTH = 8;
var PASSWORD_MAX_LENGTH = 64;
var PAY_PASSWORD_PATTERN = /^\d{6}$/;
var VERIFY_CODE_LENGTH = 6;
var CODE_RESEND_SECONDS = 60;
var CODE_TTL_SECONDS = 600;
var NICKNAME_MAX_LENGTH = 30;
var CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
var INTL_MOBILE_PATTERN = /^\d{5,15}$/;
var DEFAULT_COUNTRY_CODE = "86";
function normalizeCountryCode(countryCode) {
  return countryCode.trim().replace(/^\+/, "").replace(/^0+/, "");
}
var LOGIN_LIMITS = {
  /** Failures of one account from one address before the image captcha is required there. */
  captchaAfter: 5,
  /** … and before that address is locked out of that account for `lockS`. */
  lockAfter: 10,
  /** Failures of one account from all addresses within `accountWindowS` before every address needs the captcha. */
  accountCaptchaAfter: 10,
  /** … and before password login to that account is locked for `lockS`, from everywhere. */
  accountLockAfter: 20,
  accountWindowS: 15 * 60,
  lockS: 15 * 60,
  /** Failures from one address (any accounts) per `ipWindowS` before it is rate limited. */
  ipMax: 100,
  ipWindowS: 3600
};
function isStrongEnoughPassword(pw) {
  if (pw.length < PASSWORD_MIN_LENGTH || pw.length > PASSWORD_MAX_LENGTH) return false;
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(pw)).length;
  return kinds >= 2;
}
function isValidMobile(mobile, countryCode) {
  return normalizeCountryCode(countryCode) === DEFAULT_COUNTRY_CODE ? CN_MOBILE_PATTERN.test(mobile) : INTL_MOBILE_PATTERN.test(mobile);
}
var APPRAISE_CONTENT_MAX = 500;
var APPRAISE_TAGS_MAX = 5;
var NEWS_COMMENT_MAX_LENGTH = 500;
var CONTACT_NAME_MAX = 50;
var CONTACT_VALUE_MAX = 100;
var CONTACT_MESSAGE_MIN = 5;
var CONTACT_MESSAGE_MAX = 2e3;
var CONTACT_PHONE_PATTERN = /^\+?[\d\s()-]{5,24}$/;
function isContactValue(v) {
  if (EMAIL_PATTERN.test(v)) return true;
  if (!CONTACT_PHONE_PATTERN.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 15;
}
var TOPIC_MODULES = ["course", "live", "news", "paper"];
var PAGE_MAX = 1e4;
var LEARN_MAX_RATE = 2;
var LEARN_COMPLETE_RATIO = 0.9;
var TOPIC_MAX_CHARS = 300;
var ANSWER_MAX_CHARS = 1e3;
var POLL_MAX_OPTIONS = 8;
var POINTS_PER_YUAN = 100;
var POINTS_MAX_ORDER_PERCENT = 20;
function pointsDeduction(priceFen, available) {
  const fenPerPoint = 100 / POINTS_PER_YUAN;
  const capFen = Math.floor(priceFen * POINTS_MAX_ORDER_PERCENT / 100);
  const points = Math.max(0, Math.min(Math.floor(available), Math.floor(capFen / fenPerPoint)));
  return { points, fen: points * fenPerPoint };
}
var SIGN_IN_RULES = { basePoints: 5, streakStep: 1, maxStreakExtra: 5, bonusEvery: 7, bonusPoints: 20 };
var VOUCHER_LIMITS = { userFailures: 5, ipFailures: 20, windowS: 3600 };
var VOUCHER_BATCH_MAX = 1e3;
var BANKCARD_MAX_PER_USER = 5;
var WITHDRAWAL_LIMITS = { minFen: 1e3, dailyMaxFen: 5e5, dailyMaxCount: 3 };

// ../../packages/contract/src/common.ts
var ApiLanguage = z.enum(["zh_CN", "en"]);
var Platform = z.enum(["web", "wechat"]);
var errorMessages = {
  [ErrorCode.OK]: { zh_CN: "\u6210\u529F", en: "OK" },
  [ErrorCode.FALSE]: { zh_CN: "\u64CD\u4F5C\u672A\u6210\u529F", en: "The operation did not succeed" },
  [ErrorCode.NOT_LOGGED_IN]: { zh_CN: "\u8BF7\u767B\u5F55\u540E\u64CD\u4F5C", en: "Please log in and try again" },
  [ErrorCode.VALIDATION]: { zh_CN: "\u63D0\u4EA4\u7684\u5185\u5BB9\u6709\u8BEF", en: "Some of the information is not valid" },
  [ErrorCode.BAD_REQUEST]: { zh_CN: "\u8BF7\u6C42\u683C\u5F0F\u6709\u8BEF", en: "The request could not be read" },
  [ErrorCode.FORBIDDEN]: { zh_CN: "\u6CA1\u6709\u6743\u9650\u6267\u884C\u6B64\u64CD\u4F5C", en: "You are not allowed to do this" },
  [ErrorCode.NOT_FOUND]: { zh_CN: "\u5185\u5BB9\u4E0D\u5B58\u5728\u6216\u5DF2\u4E0B\u7EBF", en: "This item does not exist or is no longer available" },
  [ErrorCode.METHOD_NOT_ALLOWED]: { zh_CN: "\u4E0D\u652F\u6301\u7684\u8BF7\u6C42\u65B9\u5F0F", en: "This request method is not supported" },
  [ErrorCode.CONFLICT]: { zh_CN: "\u64CD\u4F5C\u51B2\u7A81\uFF0C\u8BF7\u5237\u65B0\u540E\u91CD\u8BD5", en: "This conflicts with a recent change; refresh and try again" },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { zh_CN: "\u63D0\u4EA4\u7684\u5185\u5BB9\u8FC7\u5927", en: "The request is too large" },
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: { zh_CN: "\u4E0D\u652F\u6301\u7684\u5185\u5BB9\u7C7B\u578B", en: "This content type is not supported" },
  [ErrorCode.RATE_LIMITED]: { zh_CN: "\u64CD\u4F5C\u8FC7\u4E8E\u9891\u7E41\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "Too many attempts; please try again later" },
  [ErrorCode.WRONG_CREDENTIALS]: { zh_CN: "\u8D26\u53F7\u6216\u5BC6\u7801\u9519\u8BEF", en: "Wrong account or password" },
  [ErrorCode.CODE_INVALID]: { zh_CN: "\u9A8C\u8BC1\u7801\u9519\u8BEF\u6216\u5DF2\u5931\u6548", en: "The verification code is wrong or has expired" },
  [ErrorCode.CAPTCHA_REQUIRED]: { zh_CN: "\u8BF7\u5148\u8F93\u5165\u56FE\u5F62\u9A8C\u8BC1\u7801", en: "Please enter the image code first" },
  [ErrorCode.CAPTCHA_INVALID]: { zh_CN: "\u56FE\u5F62\u9A8C\u8BC1\u7801\u9519\u8BEF", en: "The image code is wrong" },
  [ErrorCode.PASSWORD_ALREADY_SET]: { zh_CN: "\u5DF2\u8BBE\u7F6E\u8FC7\u767B\u5F55\u5BC6\u7801", en: "A login password is already set" },
  [ErrorCode.PAY_PASSWORD_NOT_SET]: { zh_CN: "\u5C1A\u672A\u8BBE\u7F6E\u652F\u4ED8\u5BC6\u7801", en: "No payment password has been set" },
  [ErrorCode.PAY_PASSWORD_ALREADY_SET]: { zh_CN: "\u5DF2\u8BBE\u7F6E\u8FC7\u652F\u4ED8\u5BC6\u7801", en: "A payment password is already set" },
  [ErrorCode.ACCOUNT_TAKEN]: { zh_CN: "\u8BE5\u624B\u673A\u53F7\u6216\u90AE\u7BB1\u5DF2\u88AB\u5176\u4ED6\u8D26\u53F7\u4F7F\u7528", en: "This mobile number or email belongs to another account" },
  [ErrorCode.TICKET_EXPIRED]: { zh_CN: "\u4E8C\u7EF4\u7801\u5DF2\u8FC7\u671F\uFF0C\u8BF7\u5237\u65B0", en: "The QR code has expired; please refresh it" },
  [ErrorCode.LIVE_ENDED]: { zh_CN: "\u76F4\u64AD\u5DF2\u7ED3\u675F\uFF0C\u65E0\u6CD5\u8BBE\u7F6E\u63D0\u9192", en: "This live has ended; reminders are no longer possible" },
  [ErrorCode.LIVE_ACCESS_CODE_REQUIRED]: { zh_CN: "\u8BF7\u5148\u8F93\u5165\u89C2\u770B\u7801", en: "Please enter the access code first" },
  [ErrorCode.LIVE_ACCESS_CODE_WRONG]: { zh_CN: "\u89C2\u770B\u7801\u9519\u8BEF", en: "The access code is wrong" },
  [ErrorCode.LIVE_ACCESS_CODE_LOCKED]: { zh_CN: "\u89C2\u770B\u7801\u9519\u8BEF\u6B21\u6570\u8FC7\u591A\uFF0C\u8BF7 10 \u5206\u949F\u540E\u518D\u8BD5", en: "Too many wrong codes; try again in 10 minutes" },
  [ErrorCode.LIVE_NOT_MODERATOR]: { zh_CN: "\u4EC5\u4E3B\u6301\u4EBA\u53EF\u4EE5\u64CD\u4F5C", en: "Only the moderators of this live can do this" },
  [ErrorCode.LIVE_QA_CLOSED]: { zh_CN: "\u76F4\u64AD\u5DF2\u7ED3\u675F\uFF0C\u63D0\u95EE\u5DF2\u5173\u95ED", en: "This live has ended; questions are closed" },
  [ErrorCode.LIVE_TOPIC_TOO_FAST]: { zh_CN: "\u63D0\u95EE\u592A\u9891\u7E41\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "You are asking too fast; please wait a moment" },
  [ErrorCode.LIVE_POLL_CLOSED]: { zh_CN: "\u6295\u7968\u5DF2\u7ED3\u675F", en: "This poll is closed" },
  [ErrorCode.LIVE_POLL_ALREADY_VOTED]: { zh_CN: "\u60A8\u5DF2\u6295\u8FC7\u7968", en: "You have already voted" },
  [ErrorCode.LIVE_POLL_ALREADY_OPEN]: { zh_CN: "\u8BF7\u5148\u7ED3\u675F\u6B63\u5728\u8FDB\u884C\u7684\u6295\u7968", en: "Close the open poll first" },
  [ErrorCode.LIVE_STATUS_INVALID]: { zh_CN: "\u76F4\u64AD\u5F53\u524D\u72B6\u6001\u4E0D\u80FD\u6267\u884C\u6B64\u64CD\u4F5C", en: "This cannot be done in the live\u2019s current status" },
  [ErrorCode.LIVE_SIGN_CLOSED]: { zh_CN: "\u7B7E\u5230\u672A\u5F00\u653E\uFF08\u5F00\u64AD\u524D 30 \u5206\u949F\u81F3\u76F4\u64AD\u7ED3\u675F\uFF09", en: "Check-in is open from 30 minutes before the start until the end" },
  [ErrorCode.RECORDING_NOT_READY]: { zh_CN: "\u56DE\u653E\u6B63\u5728\u51C6\u5907\u4E2D", en: "The replay is being prepared" },
  [ErrorCode.LOGIN_TO_WATCH]: { zh_CN: "\u8BF7\u767B\u5F55\u540E\u89C2\u770B", en: "Please log in to watch" },
  [ErrorCode.PURCHASE_TO_WATCH]: { zh_CN: "\u8D2D\u4E70\u8BFE\u7A0B\u540E\u5373\u53EF\u89C2\u770B", en: "Buy the course to watch this chapter" },
  [ErrorCode.MEDIA_LINK_EXPIRED]: { zh_CN: "\u64AD\u653E\u94FE\u63A5\u5DF2\u8FC7\u671F\uFF0C\u8BF7\u5237\u65B0", en: "The playback link has expired; please refresh" },
  [ErrorCode.MEDIA_LINK_INVALID]: { zh_CN: "\u64AD\u653E\u94FE\u63A5\u65E0\u6548", en: "The playback link is not valid" },
  [ErrorCode.MEDIA_NOT_AVAILABLE]: { zh_CN: "\u6682\u65E0\u53EF\u64AD\u653E\u7684\u89C6\u9891", en: "There is nothing to play yet" },
  [ErrorCode.INSUFFICIENT_BALANCE]: { zh_CN: "\u4F59\u989D\u4E0D\u8DB3", en: "Insufficient balance" },
  [ErrorCode.WRONG_PAY_PASSWORD]: { zh_CN: "\u652F\u4ED8\u5BC6\u7801\u9519\u8BEF", en: "Wrong payment password" },
  [ErrorCode.INSUFFICIENT_POINTS]: { zh_CN: "\u79EF\u5206\u4E0D\u8DB3", en: "Not enough points" },
  [ErrorCode.VOUCHER_INVALID]: { zh_CN: "\u5151\u6362\u7801\u65E0\u6548", en: "This voucher code is not valid" },
  [ErrorCode.VOUCHER_USED]: { zh_CN: "\u5151\u6362\u7801\u5DF2\u88AB\u4F7F\u7528", en: "This voucher code has already been used" },
  [ErrorCode.VOUCHER_EXPIRED]: { zh_CN: "\u5151\u6362\u7801\u5DF2\u8FC7\u671F", en: "This voucher code has expired" },
  [ErrorCode.BANKCARD_INVALID]: { zh_CN: "\u94F6\u884C\u5361\u53F7\u6709\u8BEF\uFF0C\u8BF7\u6838\u5BF9", en: "This card number is not valid; please check it" },
  [ErrorCode.BANKCARD_UNSUPPORTED]: { zh_CN: "\u6682\u4E0D\u652F\u6301\u8BE5\u94F6\u884C\u7684\u5361", en: "Cards of this bank are not supported yet" },
  [ErrorCode.BANKCARD_DUPLICATE]: { zh_CN: "\u8BE5\u94F6\u884C\u5361\u5DF2\u6DFB\u52A0", en: "This card has already been added" },
  [ErrorCode.BANKCARD_LIMIT]: { zh_CN: "\u94F6\u884C\u5361\u6570\u91CF\u5DF2\u8FBE\u4E0A\u9650", en: "You have added the most cards allowed" },
  [ErrorCode.WITHDRAWAL_TOO_SMALL]: { zh_CN: "\u63D0\u73B0\u91D1\u989D\u4F4E\u4E8E\u6700\u4F4E\u9650\u989D", en: "The amount is below the smallest withdrawal" },
  [ErrorCode.WITHDRAWAL_DAILY_LIMIT]: { zh_CN: "\u8D85\u51FA\u6BCF\u65E5\u63D0\u73B0\u9650\u989D", en: "This goes over the daily withdrawal limit" },
  [ErrorCode.WITHDRAWAL_STATE]: { zh_CN: "\u8BE5\u63D0\u73B0\u7533\u8BF7\u5F53\u524D\u72B6\u6001\u4E0D\u80FD\u6267\u884C\u6B64\u64CD\u4F5C", en: "This withdrawal can no longer be changed this way" },
  [ErrorCode.ALREADY_PURCHASED]: { zh_CN: "\u60A8\u5DF2\u8D2D\u4E70\u8BE5\u8BFE\u7A0B", en: "You have already bought this course" },
  [ErrorCode.ORDER_NOT_PAYABLE]: { zh_CN: "\u8BA2\u5355\u5DF2\u5173\u95ED\u6216\u5DF2\u652F\u4ED8\uFF0C\u65E0\u6CD5\u7EE7\u7EED\u652F\u4ED8", en: "This order is closed or already paid" },
  [ErrorCode.COUPON_UNAVAILABLE]: { zh_CN: "\u4F18\u60E0\u5238\u4E0D\u53EF\u7528\uFF08\u5DF2\u4F7F\u7528\u3001\u5DF2\u8FC7\u671F\u6216\u6B63\u88AB\u5176\u4ED6\u8BA2\u5355\u5360\u7528\uFF09", en: "This coupon cannot be used (used, expired or held by another order)" },
  [ErrorCode.COUPON_NOT_APPLICABLE]: { zh_CN: "\u8BE5\u4F18\u60E0\u5238\u4E0D\u9002\u7528\u4E8E\u6B64\u5546\u54C1", en: "This coupon does not apply to this item" },
  [ErrorCode.COUPON_SOLD_OUT]: { zh_CN: "\u4F18\u60E0\u5238\u5DF2\u9886\u5B8C\u6216\u4E0D\u5728\u9886\u53D6\u65F6\u95F4\u5185", en: "No coupons are left to claim, or claiming is not open" },
  [ErrorCode.COUPON_ALREADY_CLAIMED]: { zh_CN: "\u60A8\u5DF2\u9886\u53D6\u8FC7\u8BE5\u4F18\u60E0\u5238", en: "You have already claimed this coupon" },
  [ErrorCode.NOT_FOR_SALE]: { zh_CN: "\u8BE5\u5185\u5BB9\u65E0\u9700\u8D2D\u4E70\u6216\u5DF2\u4E0B\u67B6", en: "This item is free or no longer on sale" },
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: { zh_CN: "\u8BF7\u6C42\u6807\u8BC6\u5DF2\u7528\u4E8E\u5176\u4ED6\u8BF7\u6C42\uFF0C\u8BF7\u5237\u65B0\u540E\u91CD\u8BD5", en: "This request key was already used for a different request; refresh and try again" },
  [ErrorCode.REFUND_NOT_ALLOWED]: { zh_CN: "\u53EA\u6709\u5DF2\u652F\u4ED8\u7684\u8BA2\u5355\u53EF\u4EE5\u9000\u6B3E\uFF0C\u4E14\u53EA\u80FD\u9000\u4E00\u6B21", en: "Only a paid order can be refunded, and only once" },
  [ErrorCode.PAYMENT_PROVIDER_ERROR]: { zh_CN: "\u652F\u4ED8\u6E20\u9053\u6682\u65F6\u4E0D\u53EF\u7528\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "The payment service is unavailable; please try again later" },
  [ErrorCode.LOCKED]: { zh_CN: "\u5DF2\u88AB\u6682\u65F6\u9501\u5B9A\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "Temporarily locked; please try again later" },
  [ErrorCode.INTERNAL]: { zh_CN: "\u670D\u52A1\u5668\u5F00\u5C0F\u5DEE\u4E86\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "Something went wrong on our side; please try again later" },
  [ErrorCode.UNAVAILABLE]: { zh_CN: "\u670D\u52A1\u6682\u4E0D\u53EF\u7528\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", en: "The service is temporarily unavailable" }
};
function errorMessage(code, lang = "zh_CN") {
  return errorMessages[code][lang];
}
var FieldError = z.object({ field: z.string(), message: z.string() });
var Envelope = (data) => z.object({ code: z.number().int(), message: z.string(), data });
var ErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ fields: z.array(FieldError).optional(), request_id: z.string().optional() }).nullable()
});
var CommonParams = z.object({
  access_token: z.string().max(512).optional(),
  platform: Platform.default("web"),
  language: ApiLanguage.default("zh_CN"),
  appversion: z.string().max(32).optional(),
  timezone: z.string().max(64).optional()
});
var Id = z.coerce.number().int().positive().max(2147483647);
var PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20)
});
var Page = (item) => z.object({
  items: z.array(item),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean()
});

// ../../packages/contract/src/actions.ts
import { z as z2 } from "zod";
var ActionTarget = z2.enum(["_self", "_blank"]);
var Action = z2.object({
  type: z2.number().int(),
  data: z2.object({
    url: z2.string().optional(),
    category_id: z2.number().int().optional(),
    id: z2.number().int().optional(),
    dep_val: z2.string().optional(),
    title: z2.string().optional(),
    message: z2.string().optional(),
    module: z2.string().optional(),
    module_id: z2.number().int().optional()
  }).default({}),
  target: ActionTarget.default("_self")
});
var BridgePayload = z2.object({
  module: z2.string().optional(),
  module_id: z2.number().int().optional(),
  category_id: z2.number().int().optional(),
  speaker_id: z2.number().int().optional(),
  course_id: z2.number().int().optional(),
  meeting_id: z2.number().int().optional(),
  refreshLayout: z2.number().int().optional()
});

// ../../packages/contract/src/entities.ts
import { z as z3 } from "zod";
var Tag = z3.object({ id: z3.number().int(), title: z3.string(), cover: z3.string().nullable() });
var Course = z3.object({
  id: z3.number().int(),
  title: z3.string(),
  cover: z3.string(),
  course_type: z3.number().int(),
  price_type: z3.number().int(),
  /** Price in fen. */
  price: z3.number().int(),
  /** Price before discount in fen; 0 when there is none. */
  original_price: z3.number().int(),
  learn_count: z3.number().int(),
  /** learn_count as shown (e.g. "1.2万" / "12.3k"). */
  learn_count_show: z3.string(),
  course_updated_count: z3.number().int(),
  tags: z3.array(Tag),
  action: Action
});
var LiveItem = z3.object({
  id: z3.number().int(),
  banner: z3.string(),
  preview_gif: z3.string().nullable(),
  title: z3.string(),
  sub_title: z3.string(),
  /** ISO 8601 instant. */
  start_at: z3.string(),
  live_status: z3.number().int(),
  live_status_text: z3.string(),
  action: Action
});
var Speaker = z3.object({
  id: z3.number().int(),
  name: z3.string(),
  avatar: z3.string(),
  title: z3.string(),
  organization: z3.object({ name: z3.string() }).nullable(),
  hospital: z3.object({ name: z3.string() }).nullable(),
  departments: z3.array(z3.object({ id: z3.number().int(), title: z3.string() })),
  is_follow: z3.boolean(),
  follower_count: z3.number().int(),
  action: Action
});
var NewsItem = z3.object({
  id: z3.number().int(),
  title: z3.string(),
  description: z3.string(),
  cover: z3.string(),
  category: z3.object({ id: z3.number().int(), title: z3.string() }).nullable(),
  published_at: z3.string(),
  action: Action
});
var Column = z3.object({
  id: z3.number().int(),
  cover: z3.string(),
  title: z3.string(),
  desc: z3.string(),
  /** Number of issues published. */
  issue: z3.number().int(),
  action: Action
});
var Paper = z3.object({
  uuid: z3.string(),
  title: z3.string(),
  abstract: z3.string(),
  full_journal: z3.string(),
  doi: z3.string().nullable(),
  action: Action
});
var SearchItem = z3.object({
  id: z3.number().int(),
  cover: z3.string(),
  title: z3.string(),
  tag: z3.string(),
  tag_bg_color: z3.string(),
  action: Action,
  item_id: z3.number().int()
});
var HotWord = z3.object({ id: z3.number().int(), word: z3.string() });
var SearchHint = z3.object({ word: z3.string() });
var SubscribeCard = z3.object({
  id: z3.number().int(),
  title: z3.string(),
  subscribe_logo: z3.string(),
  subscribe_total: z3.number().int(),
  is_follow: z3.boolean(),
  url: z3.string(),
  action: Action
});
var HistoryRecord = z3.object({ module_name: z3.string(), module_id: z3.number().int() });
var UserInfo = z3.object({ avatar_url: z3.string(), nickname: z3.string() });
var LoginResult = z3.object({
  user_access_token: z3.string(),
  user_refresh_token: z3.string(),
  user_info: UserInfo,
  platform: Platform
});
var SessionCheck = z3.object({
  user_access_token: z3.string(),
  platform: Platform,
  /** Present when the server opened a new token family for this browser's session cookie. */
  user_refresh_token: z3.string().optional(),
  user_info: UserInfo.optional()
});
var Special = z3.object({
  id: z3.number().int(),
  title: z3.string(),
  cover: z3.string(),
  desc: z3.string(),
  action: Action
});
var Banner = z3.object({
  id: z3.number().int(),
  title: z3.string(),
  image: z3.string(),
  action: Action
});

// ../../packages/contract/src/home.ts
import { z as z4 } from "zod";
var BlockLayout = {
  BANNER: "banner",
  NEWS: "news",
  NEWS_MENU: "news_menu",
  SPEAKER_HORIZONTAL: "speaker_horizontal",
  COURSES: "courses",
  BIG_COURSES: "big_courses",
  COLUMNS: "columns",
  PAPERS: "papers",
  INTRO_TEXT: "intro_text",
  COURSE_SERIES: "course_series",
  SPECIAL: "special",
  SPEAKERS: "speakers",
  LIVE_MEETINGS: "live_meetings",
  TODAY_LIVE: "today_live",
  LEFT_IMAGE_COURSES: "left_image_courses",
  SEARCH_ITEMS: "search_items",
  SPECIAL_TOPICS: "special_topics"
};
var BlockHeader = z4.object({
  title: z4.string(),
  more_action: Action.nullable(),
  hide: z4.boolean()
});
var NewsMenuTab = z4.object({
  id: z4.number().int(),
  title: z4.string(),
  action: Action,
  items: z4.array(NewsItem)
});
var IntroText = z4.object({
  id: z4.number().int(),
  title: z4.string(),
  text: z4.string(),
  action: Action.nullable()
});
var block = (layout, item) => z4.object({
  id: z4.number().int(),
  layout: z4.literal(layout),
  header: BlockHeader,
  data: z4.object({ items: z4.array(item) })
});
var HomeBlock = z4.discriminatedUnion("layout", [
  block(BlockLayout.BANNER, Banner),
  block(BlockLayout.NEWS, NewsItem),
  block(BlockLayout.NEWS_MENU, NewsMenuTab),
  block(BlockLayout.SPEAKER_HORIZONTAL, Speaker),
  block(BlockLayout.COURSES, Course),
  block(BlockLayout.BIG_COURSES, Course),
  block(BlockLayout.COLUMNS, Column),
  block(BlockLayout.PAPERS, Paper),
  block(BlockLayout.INTRO_TEXT, IntroText),
  block(BlockLayout.COURSE_SERIES, Course),
  block(BlockLayout.SPECIAL, Special),
  block(BlockLayout.SPEAKERS, Speaker),
  block(BlockLayout.LIVE_MEETINGS, LiveItem),
  block(BlockLayout.TODAY_LIVE, LiveItem),
  block(BlockLayout.LEFT_IMAGE_COURSES, Course),
  block(BlockLayout.SEARCH_ITEMS, SearchItem),
  block(BlockLayout.SPECIAL_TOPICS, Special)
]);
var PcIndexData = z4.object({ blocks: z4.array(HomeBlock) });
var RelateSite = z4.object({
  id: z4.number().int(),
  key: z4.string(),
  title: z4.string(),
  desc: z4.string(),
  icon: z4.string(),
  url: z4.string()
});
var RelateSiteData = z4.object({ items: z4.array(RelateSite) });
var UserBannerQuery = z4.object({ position: z4.enum(["home_side", "user_center"]).default("home_side") });
var UserBannerData = z4.object({ items: z4.array(Banner) });
var QrEntry = z4.object({ key: z4.string(), title: z4.string(), url: z4.string() });
var SiteConfig = z4.object({
  app_downloads: z4.array(QrEntry),
  wechat_account: QrEntry,
  media_accounts: z4.array(QrEntry),
  contact: z4.object({ phone: z4.string(), email: z4.string(), hours: z4.string(), address: z4.string() }),
  icp: z4.string()
});

// ../../packages/contract/src/api.ts
import { z as z21 } from "zod";

// ../../packages/contract/src/accounts.ts
import { z as z5 } from "zod";
var CountryCode = z5.string().trim().regex(/^\+?\d{1,6}$/, "country_code must be a calling code such as 86 or +86").default(DEFAULT_COUNTRY_CODE);
var MobileNumber = z5.string().trim().regex(/^\d{5,15}$/, "mobile must be 5\u201315 digits");
var Email = z5.string().trim().max(254).regex(EMAIL_PATTERN, "email is not valid");
var VerifyCode = z5.string().trim().regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), `code must be ${VERIFY_CODE_LENGTH} digits`);
var Password = z5.string().max(PASSWORD_MAX_LENGTH).refine(isStrongEnoughPassword, "password must be 8\u201364 characters and mix letters, digits or symbols");
var LoginPassword = z5.string().min(1).max(PASSWORD_MAX_LENGTH);
var PayPassword = z5.string().regex(PAY_PASSWORD_PATTERN, "pay_password must be 6 digits");
var Nickname = z5.string().trim().min(1).max(NICKNAME_MAX_LENGTH);
var withMobileRule = (schema) => schema.refine((v) => isValidMobile(v.mobile, v.country_code), { message: "mobile is not valid for this country", path: ["mobile"] });
var SmsScene = z5.enum(["login", "register", "reset", "bind", "pay_password", "cancel"]);
var CaptchaImage = z5.object({ captcha_key: z5.string(), image: z5.string().describe("data URL (image/svg+xml or image/png)") });
var CaptchaAnswer = z5.object({
  captcha_key: z5.string().min(1).max(64),
  captcha_code: z5.string().trim().min(1).max(8)
});
var CountryPhoneCode = z5.object({ code: z5.string(), iso: z5.string(), name: z5.string() });
var CountryPhoneCodeData = z5.object({ items: z5.array(CountryPhoneCode) });
var SendSmsBody = withMobileRule(
  z5.object({ mobile: MobileNumber, country_code: CountryCode, scene: SmsScene }).extend(CaptchaAnswer.shape)
);
var SendEmailCodeBody = z5.object({ email: Email, scene: SmsScene }).extend(CaptchaAnswer.shape);
var SendCodeData = z5.object({
  /** Seconds before another code may be requested for this recipient. */
  resend_after: z5.number().int(),
  expires_in: z5.number().int()
});
var SmsVerifyBody = withMobileRule(
  z5.object({ mobile: MobileNumber, country_code: CountryCode, scene: SmsScene, code: VerifyCode })
);
var SmsVerifyData = z5.object({ verify_ticket: z5.string(), expires_in: z5.number().int() });
var LoginBody = z5.discriminatedUnion("type", [
  withMobileRule(
    z5.object({
      type: z5.literal("sms"),
      mobile: MobileNumber,
      country_code: CountryCode,
      code: VerifyCode
    })
  ),
  z5.object({
    type: z5.literal("password"),
    /** Mobile number (mainland, or with country_code) or email. */
    account: z5.string().trim().min(3).max(254),
    country_code: CountryCode,
    password: LoginPassword,
    captcha_key: z5.string().max(64).optional(),
    captcha_code: z5.string().max(8).optional()
  })
]);
var LoginData = LoginResult.extend({
  /** The SMS login created this account just now: the client continues to /register. */
  is_new_user: z5.boolean(),
  has_password: z5.boolean()
});
var SetPasswordBody = z5.object({ password: Password });
var ResetPasswordBody = z5.object({ old_password: LoginPassword, password: Password });
var ForgetPasswordBody = z5.union([
  withMobileRule(z5.object({ mobile: MobileNumber, country_code: CountryCode, code: VerifyCode, password: Password })),
  z5.object({ email: Email, code: VerifyCode, password: Password })
]);
var HasPasswordData = z5.object({ has_password: z5.boolean() });
var LoginInfo = z5.object({
  user_id: z5.number().int(),
  nickname: z5.string(),
  avatar_url: z5.string(),
  /** Masked: 138****8000. */
  mobile: z5.string().nullable(),
  country_code: z5.string().nullable(),
  /** Masked: d***@example.com. */
  email: z5.string().nullable(),
  has_password: z5.boolean(),
  has_pay_password: z5.boolean(),
  wechat_bound: z5.boolean(),
  profile_completed: z5.boolean(),
  platform: Platform
});
var CheckIpData = z5.object({
  ip: z5.string(),
  /** ISO country when a geo-IP source is configured; null when unknown. */
  country: z5.string().nullable(),
  is_private: z5.boolean()
});
var HasPayPasswordData = z5.object({ has_pay_password: z5.boolean() });
var SetPayPasswordBody = z5.object({ pay_password: PayPassword, code: VerifyCode });
var ChangePayPasswordBody = z5.object({ old_pay_password: PayPassword, pay_password: PayPassword });
var ForgetPayPasswordBody = z5.object({ code: VerifyCode, pay_password: PayPassword });
var VerifyPayPasswordBody = z5.object({ pay_password: PayPassword });
var VerifyPayPasswordData = z5.object({ verified: z5.literal(true) });
var WechatQrQuery = z5.object({ callback: z5.string().max(2048).optional() });
var WechatQrData = z5.object({
  ticket: z5.string(),
  /** What the QR code encodes: WeChat's authorise page, or the sandbox consent page. */
  qr_url: z5.string(),
  expires_in: z5.number().int(),
  sandbox: z5.boolean()
});
var WechatLoginStatus = z5.enum(["waiting", "scanned", "confirmed", "cancelled", "expired"]);
var WechatLoginInfoQuery = z5.object({ ticket: z5.string().min(1).max(128) });
var WechatLoginInfoData = z5.object({ status: WechatLoginStatus, login: LoginData.nullable() });
var WechatCallbackBody = z5.object({
  state: z5.string().min(1).max(128),
  /** Authorisation code from WeChat (real adapter) or from the sandbox consent page. */
  code: z5.string().min(1).max(256).optional(),
  decision: z5.enum(["scanned", "confirm", "cancel"]).default("confirm")
});
var WechatCallbackData = z5.object({ status: WechatLoginStatus });
var OutboxQuery = z5.object({ to: z5.string().trim().min(1).max(254) });
var OutboxData = z5.object({
  items: z5.array(z5.object({ to: z5.string(), text: z5.string(), code: z5.string().nullable(), created_at: z5.string() })),
  /** Messages to this address still queued: delivery runs off the request path, within moments. */
  pending: z5.number().int()
});
var DevCaptchaData = z5.object({ code: z5.string() });
var CancelAccountBody = z5.object({ code: VerifyCode, confirm: z5.literal(true) });

// ../../packages/contract/src/profile.ts
import { z as z6 } from "zod";
var shortText = (max) => z6.string().trim().max(max);
var PersonalInfo = z6.object({
  id: z6.number().int(),
  avatar_url: z6.string(),
  nickname: z6.string(),
  real_name: z6.string(),
  gender: z6.number().int(),
  mobile: z6.string().nullable(),
  country_code: z6.string().nullable(),
  email: z6.string().nullable(),
  hospital: z6.string(),
  department: z6.object({ id: z6.number().int(), title: z6.string() }).nullable(),
  professional_title: z6.string(),
  /** Job or role: doctor, nurse, pharmacist, researcher, student, other. */
  occupation: z6.string(),
  province: z6.string(),
  city: z6.string(),
  /** Available credit points. */
  availablescore: z6.number().int(),
  profile_completed: z6.boolean(),
  created_at: z6.string()
});
var Occupation = z6.enum(["doctor", "nurse", "pharmacist", "technician", "researcher", "student", "other"]);
var UpdatePersonalInfoBody = z6.object({
  avatar_url: z6.string().max(512).regex(/^\/(media|uploads)\//, "avatar_url must be an uploaded image").optional(),
  nickname: Nickname.optional(),
  real_name: shortText(40).optional(),
  gender: z6.union([z6.literal(0), z6.literal(1), z6.literal(2)]).optional(),
  hospital: shortText(100).optional(),
  department_id: z6.number().int().positive().nullable().optional(),
  professional_title: shortText(40).optional(),
  occupation: Occupation.optional(),
  province: shortText(40).optional(),
  city: shortText(40).optional()
}).strict();
var DepartmentNode = z6.lazy(
  () => z6.object({ id: z6.number().int(), title: z6.string(), children: z6.array(DepartmentNode) })
);
var DepartmentTreeData = z6.object({ items: z6.array(DepartmentNode) });
var ProfileFormKind = z6.enum(["info", "currency", "info_vj", "info_jeadv"]);
var ProfileFormBody = z6.object({
  form: ProfileFormKind,
  real_name: shortText(40).min(1),
  occupation: Occupation,
  hospital: shortText(100).optional(),
  department_id: z6.number().int().positive().optional(),
  professional_title: shortText(40).optional(),
  province: shortText(40).optional(),
  city: shortText(40).optional(),
  /** Journals' reader forms (info_vj, info_jeadv) also ask for a research field and consent. */
  research_field: shortText(100).optional(),
  accept_updates: z6.boolean().optional()
});
var ProfileFormData = z6.object({ profile_completed: z6.boolean() });
var BindMobileBody = z6.object({ mobile: MobileNumber, country_code: CountryCode, code: VerifyCode }).refine((v) => isValidMobile(v.mobile, v.country_code), { message: "mobile is not valid for this country", path: ["mobile"] });
var BindEmailBody = z6.object({ email: Email, code: VerifyCode });
var AccountTakenData = z6.object({ merge_token: z6.string(), other_nickname: z6.string() });
var MergeUserBody = z6.object({ merge_token: z6.string().min(1).max(256), confirm: z6.literal(true) });
var MergeUserData = z6.object({ merged_user_id: z6.number().int() });
var UserConfig = z6.object({
  language: ApiLanguage,
  timezone: z6.string(),
  notify_live: z6.boolean(),
  notify_course: z6.boolean(),
  /** Where the sister meeting product lives (user_sync_to_meeting returns a signed link into it). */
  meeting_base_url: z6.string()
});
var SyncToMeetingData = z6.object({ url: z6.string() });
var UploadImageData = z6.object({ url: z6.string(), width: z6.number().int().nullable(), height: z6.number().int().nullable() });

// ../../packages/contract/src/courses.ts
import { z as z8 } from "zod";

// ../../packages/contract/src/media.ts
import { z as z7 } from "zod";
var LOCKED_REASONS = ["login", "purchase", "access_code"];
var LockedReason = z7.enum(LOCKED_REASONS);
var MediaSubtitle = z7.object({
  lang: z7.enum(["zh", "en"]),
  /** The language's own name ("中文", "English"). */
  label: z7.string(),
  /** A WebVTT file, signed like the playlist. */
  url: z7.string()
});
var MediaRendition = z7.object({
  /** "360p" */
  name: z7.string(),
  width: z7.number().int(),
  height: z7.number().int(),
  /** Peak bits per second, as the master playlist states it. */
  bandwidth: z7.number().int()
});
var Media = z7.object({
  hls_url: z7.string(),
  /** Seconds; 0 for a live stream. */
  duration_s: z7.number().int(),
  poster: z7.string(),
  subtitles: z7.array(MediaSubtitle),
  renditions: z7.array(MediaRendition),
  /** A live stream: no seeking before the live edge, no end. */
  live: z7.boolean(),
  /** ISO 8601 instant after which the URLs are refused. */
  expires_at: z7.string()
});
var Watchable = z7.object({ media: Media.nullable(), locked_reason: LockedReason.nullable() });
var LiveAuthUrl = z7.object({
  url: z7.string(),
  /** ISO 8601 instant. */
  expires_at: z7.string(),
  /** `live`: the stream on air; `replay`: the recording. */
  kind: z7.enum(["live", "replay"])
});
var LivePushAddress = z7.object({ server: z7.string(), stream_key: z7.string(), url: z7.string() });
var PlaySession = z7.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
var LearnLogBody = z7.object({
  chapter_id: Id,
  /** Where the player is (seconds): the resume position. */
  position_s: z7.number().min(0).max(86400),
  /** Seconds played in this session so far (grows; speed counts: 10 s at 2× is 10 s of content). */
  played_s: z7.number().min(0).max(86400),
  session_id: PlaySession
});
var ChapterLearnProgress = z7.object({
  chapter_id: z7.number().int(),
  position_s: z7.number().int(),
  duration_s: z7.number().int(),
  /** Credited played seconds. */
  played_s: z7.number().int(),
  /** 0–100. */
  progress: z7.number().int(),
  completed: z7.boolean()
});
var LearnLogData = ChapterLearnProgress.extend({
  /** Seconds this heartbeat credited (0 for a repeat or a forged jump). */
  credited_s: z7.number().int(),
  learn_count: z7.number().int()
});
var LearnProgress = z7.object({
  /** 0–100 over the course's chapters. */
  progress: z7.number().int(),
  last_chapter_id: z7.number().int().nullable(),
  last_position_s: z7.number().int(),
  completed: z7.boolean()
});
var ChapterLearnProgressData = z7.object({ items: z7.array(ChapterLearnProgress) });
var LearnRecord = LearnProgress.extend({
  course: Course,
  last_chapter_title: z7.string().nullable(),
  /** ISO 8601 instant of the last heartbeat. */
  learned_at: z7.string()
});
var LearnRecordPage = Page(LearnRecord);
var WATCH_MODULES = ["live", "vod"];
var WatchModule = z7.enum(WATCH_MODULES);
var WatchLogBody = z7.object({
  module_name: WatchModule,
  /** The live's id (a recording is the replay of its live). */
  id: Id,
  /** Seconds played in this session so far, as in learn_log. */
  played_s: z7.number().min(0).max(86400),
  session_id: PlaySession
});
var WatchLogData = z7.object({ watched_s: z7.number().int(), credited_s: z7.number().int() });
var WatchRecord = z7.object({
  module_name: WatchModule,
  id: z7.number().int(),
  title: z7.string(),
  banner: z7.string(),
  /** ISO 8601 instants of the live. */
  start_at: z7.string(),
  end_at: z7.string(),
  watched_s: z7.number().int(),
  /** ISO 8601 instant of the last heartbeat. */
  watched_at: z7.string()
});
var WatchRecordQuery = PageQuery.extend({ module_name: WatchModule.optional() });
var WatchRecordPage = Page(WatchRecord);
var CourseIdParams = z7.object({ id: Id });
var define = (e) => e;
var mediaSchemas = {
  liveAuthUrl: define({
    summary: "A fresh signed playback URL of a live (the stream on air, or its replay); refused to callers the live does not admit",
    tags: ["media"],
    params: z7.object({ id: Id }),
    data: LiveAuthUrl
  }),
  courseLearnLog: define({
    summary: "Learning heartbeat: credits played time up to wall-clock \xD7 2 since the last heartbeat of the session; repeats credit nothing; complete at 90 %",
    tags: ["courses"],
    params: CourseIdParams,
    body: LearnLogBody,
    data: LearnLogData
  }),
  courseLearnProgress: define({
    summary: "The caller's progress in a course and where to resume",
    tags: ["courses"],
    params: CourseIdParams,
    data: LearnProgress
  }),
  chapterLearnProgress: define({
    summary: "The caller's progress per chapter of a course, in chapter order",
    tags: ["courses"],
    params: CourseIdParams,
    data: ChapterLearnProgressData
  }),
  courseLearnRecord: define({
    summary: "My courses: every course I have learned, most recent first",
    tags: ["courses"],
    query: PageQuery,
    data: LearnRecordPage
  }),
  watchLog: define({
    summary: "Watch-time heartbeat for a live or a recording (same crediting as learn_log)",
    tags: ["media"],
    body: WatchLogBody,
    data: WatchLogData
  }),
  watchRecord: define({
    summary: "Lives and recordings I watched, with the time watched, most recent first",
    tags: ["media"],
    query: WatchRecordQuery,
    data: WatchRecordPage
  })
};

// ../../packages/contract/src/courses.ts
var COURSE_SORTS = ["latest", "popular", "price_asc", "price_desc"];
var CourseSort = z8.enum(COURSE_SORTS);
var DepVal = z8.union([z8.literal(""), z8.coerce.number().int().positive().max(2147483647), z8.string().regex(/^[a-z][a-z0-9-]{0,63}$/)]).default("");
var CourseListQuery = PageQuery.extend({
  dep_val: DepVal,
  price_type: z8.coerce.number().int().min(1).max(2).optional(),
  course_type: z8.coerce.number().int().min(1).max(2).optional(),
  sort: CourseSort.default("latest")
});
var CourseDepartment = z8.object({ id: z8.number().int(), title: z8.string() });
var CoursePage = Page(Course);
var CourseListData = CoursePage.extend({ departments: z8.array(CourseDepartment) });
var CourseIdParams2 = z8.object({ id: Id });
var CourseDetail = Course.extend({
  /** Plain text; the client renders it as text, never as HTML. */
  description: z8.string(),
  teachers: z8.array(Speaker),
  chapters_count: z8.number().int(),
  is_favorite: z8.boolean(),
  rating: z8.object({ average: z8.number(), count: z8.number().int() }),
  series_id: z8.number().int().nullable(),
  series_title: z8.string().nullable(),
  department: CourseDepartment.nullable(),
  /** ISO 8601 instant. */
  updated_at: z8.string()
});
var CourseChapter = z8.object({
  id: z8.number().int(),
  title: z8.string(),
  duration_s: z8.number().int(),
  /** A trial chapter (试看): anyone may watch it. */
  free_preview: z8.boolean(),
  sort: z8.number().int(),
  /** Present when the caller may watch the chapter; else null with `locked_reason`. */
  media: Media.nullable(),
  locked_reason: LockedReason.nullable()
});
var CourseChaptersData = z8.object({ items: z8.array(CourseChapter) });
var CourseItemsData = z8.object({ items: z8.array(Course) });
var MoreCourseQuery = PageQuery.extend({
  dep_val: DepVal,
  /** The list's heading as the link that opened it names it (`系列课程`); it filters nothing. */
  title: z8.string().trim().max(100).default(""),
  /** Words the course title must contain (the page's search box). */
  keyword: z8.string().trim().max(100).default("")
});
var MoreCourseData = CoursePage;
var GuessLikeQuery = z8.object({ course_id: Id, limit: z8.coerce.number().int().min(1).max(20).default(6) });
var GuessLikeData = CourseItemsData;
var AppraiseTag = z8.object({ id: z8.number().int(), title: z8.string() });
var AppraiseTagsData = z8.object({ items: z8.array(AppraiseTag) });
var Appraisal = z8.object({
  id: z8.number().int(),
  nickname: z8.string(),
  avatar_url: z8.string(),
  rating: z8.number().int().min(1).max(5),
  /** Plain text as the author typed it. */
  content: z8.string(),
  tags: z8.array(AppraiseTag),
  /** ISO 8601 instant. */
  created_at: z8.string()
});
var AppraisalPage = Page(Appraisal);
var AppraiseBody = z8.object({
  rating: z8.coerce.number().int().min(1).max(5),
  content: z8.string().trim().max(APPRAISE_CONTENT_MAX).default(""),
  tag_ids: z8.array(z8.number().int().positive()).max(APPRAISE_TAGS_MAX).default([])
});
var define2 = (e) => e;
var courseSchemas = {
  courseList: define2({
    summary: "Course list with department, price and type filters; stable order (ties broken by id)",
    tags: ["courses"],
    query: CourseListQuery,
    data: CourseListData
  }),
  courseDetail: define2({
    summary: "Course detail (login optional: is_favorite is personal); NOT_FOUND for missing or unpublished",
    tags: ["courses"],
    params: CourseIdParams2,
    data: CourseDetail
  }),
  courseChapters: define2({
    summary: "Chapters of a course in order, each with its media when the caller may watch it (login optional)",
    tags: ["courses"],
    params: CourseIdParams2,
    data: CourseChaptersData
  }),
  seriesCourses: define2({
    summary: "The courses of the series this course is (or belongs to)",
    tags: ["courses"],
    params: CourseIdParams2,
    data: CourseItemsData
  }),
  moreCourse: define2({
    summary: "Course series list (/course/more)",
    tags: ["courses"],
    query: MoreCourseQuery,
    data: MoreCourseData
  }),
  guessLikeCourse: define2({
    summary: "Related courses by shared tags, then department; stable order",
    tags: ["courses"],
    query: GuessLikeQuery,
    data: GuessLikeData
  }),
  courseAppraisals: define2({
    summary: "Appraisals of a course, newest first",
    tags: ["courses"],
    params: CourseIdParams2,
    query: PageQuery,
    data: AppraisalPage
  }),
  appraiseTags: define2({
    summary: "Tags an appraisal may carry",
    tags: ["courses"],
    data: AppraiseTagsData
  }),
  appraiseCourse: define2({
    summary: "Appraise a course; one appraisal per user per course (a second submission updates it)",
    tags: ["courses"],
    params: CourseIdParams2,
    body: AppraiseBody,
    data: Appraisal
  })
};

// ../../packages/contract/src/news.ts
import { z as z9 } from "zod";
var NewsCategory = z9.object({ id: z9.number().int(), title: z9.string(), action: Action });
var NewsCategoryData = z9.object({ items: z9.array(NewsCategory) });
var NewsListQuery = PageQuery.extend({ category_id: Id.optional() });
var NewsIdParams = z9.object({ id: Id });
var NewsDetail = NewsItem.extend({
  /** Sanitised on the server with an allow-list; DOI text is left for the client to link. */
  body_html: z9.string(),
  source: z9.string(),
  author: z9.string(),
  views: z9.number().int(),
  likes: z9.number().int(),
  /** False for anonymous callers. */
  is_liked: z9.boolean(),
  /** In the caller's favourites; false for anonymous callers. */
  is_favorite: z9.boolean(),
  comment_count: z9.number().int(),
  tags: z9.array(Tag)
});
var NewsItemsData = z9.object({ items: z9.array(NewsItem) });
var NewsViewData = z9.object({ views: z9.number().int() });
var NewsLikeBody = z9.object({ status: z9.union([z9.literal(1), z9.literal(2)]) });
var NewsLikeData = z9.object({ is_liked: z9.boolean(), likes: z9.number().int() });
var NewsComment = z9.object({
  id: z9.number().int(),
  /** Plain text: clients render it as text, never as HTML. */
  content: z9.string(),
  nickname: z9.string(),
  avatar_url: z9.string(),
  created_at: z9.string(),
  /** The caller wrote it (false for anonymous callers). */
  is_mine: z9.boolean()
});
var NewsCommentPage = Page(NewsComment);
var MyNewsComment = NewsComment.extend({
  news: z9.object({ id: z9.number().int(), title: z9.string(), action: Action })
});
var NewsCommentBody = z9.object({ content: z9.string().trim().min(1).max(NEWS_COMMENT_MAX_LENGTH) });
var define3 = (e) => e;
var newsSchemas = {
  newsCategories: define3({
    summary: "News categories in display order",
    tags: ["news"],
    data: NewsCategoryData
  }),
  newsList: define3({
    summary: "Published news, newest first (published_at desc, id desc); optionally one category",
    tags: ["news"],
    query: NewsListQuery,
    data: Page(NewsItem)
  }),
  newsDetail: define3({
    summary: "One published news item with its sanitised body; is_liked for a logged-in caller",
    tags: ["news"],
    params: NewsIdParams,
    data: NewsDetail
  }),
  newsRecommend: define3({
    summary: "Related news: same category first, then the newest others",
    tags: ["news"],
    params: NewsIdParams,
    data: NewsItemsData
  }),
  newsView: define3({
    summary: "Count one view (one UPDATE); returns the new count",
    tags: ["news"],
    params: NewsIdParams,
    data: NewsViewData
  }),
  newsLike: define3({
    summary: "Like (status 1) or unlike (status 2); idempotent, the count is the number of likes",
    tags: ["news"],
    params: NewsIdParams,
    body: NewsLikeBody,
    data: NewsLikeData
  }),
  newsReadLog: define3({
    summary: "Record that the user read the item (one row per user and item, with a count)",
    tags: ["news"],
    params: NewsIdParams,
    data: z9.null()
  }),
  newsComments: define3({
    summary: "Comments on an item, newest first; is_mine for a logged-in caller",
    tags: ["news"],
    params: NewsIdParams,
    query: PageQuery,
    data: NewsCommentPage
  }),
  postNewsComment: define3({
    summary: "Comment as plain text (1\u2013500 characters); one comment per user every few seconds",
    tags: ["news"],
    params: NewsIdParams,
    body: NewsCommentBody,
    data: NewsComment
  }),
  deleteNewsComment: define3({
    summary: "Delete one's own comment (FORBIDDEN for another user's; already gone is success)",
    tags: ["news"],
    params: NewsIdParams,
    data: z9.null()
  }),
  myNewsComments: define3({
    summary: "The caller's comments, newest first, with the item each is on",
    tags: ["news"],
    query: PageQuery,
    data: Page(MyNewsComment)
  })
};

// ../../packages/contract/src/speakers.ts
import { z as z11 } from "zod";

// ../../packages/contract/src/papers.ts
import { z as z10 } from "zod";
var PaperCard = Paper.extend({
  id: z10.number().int(),
  /** ISO 8601 instant; null when the editors gave no date. */
  published_at: z10.string().nullable()
});
var PaperDetail = PaperCard.extend({
  /** False for anonymous callers. */
  is_favorite: z10.boolean()
});
var PaperKeyParams = z10.object({ id: z10.union([z10.uuid(), Id]) });
var define4 = (e) => e;
var tags2 = ["papers"];
var paperSchemas = {
  paperList: define4({
    summary: "Published papers, newest first (published_at desc, id desc)",
    tags: tags2,
    query: PageQuery,
    data: Page(PaperCard)
  }),
  paperDetail: define4({
    summary: "One published paper by integer id or uuid (login optional: is_favorite is personal); NOT_FOUND otherwise",
    tags: tags2,
    params: PaperKeyParams,
    data: PaperDetail
  })
};

// ../../packages/contract/src/speakers.ts
var SpeakerIdParams = z11.object({ id: Id });
var SpeakerDetail = Speaker.extend({
  /** Plain text: the full introduction (the /speaker/info page). */
  intro: z11.string(),
  /** Where the header's hospital and organisation names link (/hospital/{id}, /organizer/{id}). */
  hospital_id: z11.number().int().nullable(),
  organization_id: z11.number().int().nullable()
});
var SpeakerFollowBody = z11.object({ status: z11.union([z11.literal(1), z11.literal(2)]) });
var SpeakerFollowData = z11.object({ is_follow: z11.boolean(), follower_count: z11.number().int() });
var SpeakerLiveQuery = PageQuery.extend({ year: z11.coerce.number().int().min(1970).max(9999).optional() });
var SpeakerLiveYearsData = z11.object({ items: z11.array(z11.number().int()) });
var SpeakerListQuery = PageQuery.extend({ hospital_id: Id.optional(), region_id: Id.optional() });
var define5 = (e) => e;
var speakerSchemas = {
  speakerDetail: define5({
    summary: "One published speaker with the full intro; is_follow for a logged-in caller (login optional)",
    tags: ["speakers"],
    params: SpeakerIdParams,
    data: SpeakerDetail
  }),
  speakerCourses: define5({
    summary: "The speaker's published courses, newest first (published_at desc, id desc)",
    tags: ["speakers"],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(Course)
  }),
  speakerLives: define5({
    summary: "The speaker's published lives, newest first (start_at desc, id desc); optionally one year (UTC)",
    tags: ["speakers"],
    params: SpeakerIdParams,
    query: SpeakerLiveQuery,
    data: Page(LiveItem)
  }),
  speakerLiveYears: define5({
    summary: "Years (UTC) in which the speaker has published lives, newest first",
    tags: ["speakers"],
    params: SpeakerIdParams,
    data: SpeakerLiveYearsData
  }),
  speakerNews: define5({
    summary: "Published news naming the speaker, newest first (published_at desc, id desc)",
    tags: ["speakers"],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(NewsItem)
  }),
  speakerColumns: define5({
    summary: "Published columns the speaker hosts, in column order (sort, id)",
    tags: ["speakers"],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(Column)
  }),
  speakerDocs: define5({
    summary: "Published papers (documents) the speaker wrote, newest first (published_at desc, id desc); each card's action opens the paper",
    tags: ["speakers"],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(PaperCard)
  }),
  speakerList: define5({
    summary: "Published speakers in display order (sort, id), optionally of one hospital and/or region (a region includes its cities); NOT_FOUND for an unknown hospital or region; is_follow for a logged-in caller (login optional)",
    tags: ["speakers"],
    query: SpeakerListQuery,
    data: Page(Speaker)
  }),
  speakerFollow: define5({
    summary: "Follow (status 1) or unfollow (status 2); idempotent, follower_count is the number of follow rows",
    tags: ["speakers"],
    params: SpeakerIdParams,
    body: SpeakerFollowBody,
    data: SpeakerFollowData
  }),
  myFollows: define5({
    summary: "Speakers the caller follows, most recently followed first",
    tags: ["speakers"],
    query: PageQuery,
    data: Page(Speaker)
  })
};

// ../../packages/contract/src/places.ts
import { z as z12 } from "zod";
var PlaceKind = z12.enum(["hospital", "organizer", "keyword"]);
var PlaceIdParams = z12.object({ id: Id });
var PlaceRegion = z12.object({ id: z12.number().int(), name: z12.string(), parent: z12.object({ id: z12.number().int(), name: z12.string() }).nullable() }).nullable();
var PlaceHeader = z12.object({
  id: z12.number().int(),
  kind: PlaceKind,
  name: z12.string(),
  /** Logo of a hospital or organiser, cover of a keyword; empty when there is none. */
  logo: z12.string(),
  intro: z12.string(),
  counts: z12.object({ courses: z12.number().int(), lives: z12.number().int(), news: z12.number().int(), speakers: z12.number().int() }),
  /** Hospitals only (null for organisers and keywords): where it is, for the same-region list. */
  region: PlaceRegion
});
var Region = z12.object({
  id: z12.number().int(),
  name: z12.string(),
  parent_id: z12.number().int().nullable(),
  /** Hospitals in the region, its cities included. */
  hospital_count: z12.number().int()
});
var RegionListData = z12.object({ items: z12.array(Region) });
var HospitalListQuery = PageQuery.extend({ region_id: Id.optional() });
var HospitalCard = z12.object({
  id: z12.number().int(),
  name: z12.string(),
  logo: z12.string(),
  region: PlaceRegion,
  counts: z12.object({ speakers: z12.number().int(), courses: z12.number().int() }),
  action: Action
});
var define6 = (e) => e;
var endpointsOf = (kind) => ({
  detail: define6({
    summary: `A ${kind}: name, logo, intro and content counts`,
    tags: ["places"],
    params: PlaceIdParams,
    data: PlaceHeader
  }),
  courses: define6({
    summary: `Published courses of the ${kind}, newest first (published_at desc, id desc)`,
    tags: ["places"],
    params: PlaceIdParams,
    query: PageQuery,
    data: Page(Course)
  }),
  lives: define6({
    summary: `Published lives of the ${kind}, newest first (start_at desc, id desc)`,
    tags: ["places"],
    params: PlaceIdParams,
    query: PageQuery,
    data: Page(LiveItem)
  }),
  news: define6({
    summary: `Published news of the ${kind}, newest first (published_at desc, id desc)`,
    tags: ["places"],
    params: PlaceIdParams,
    query: PageQuery,
    data: Page(NewsItem)
  }),
  speakers: define6({
    summary: `Published speakers of the ${kind}, in display order (sort, id)`,
    tags: ["places"],
    params: PlaceIdParams,
    query: PageQuery,
    data: Page(Speaker)
  })
});
var hospital = endpointsOf("hospital");
var organizer = endpointsOf("organizer");
var keyword = endpointsOf("keyword");
var placeSchemas = {
  regionList: define6({
    summary: "Every region, flat, parents before their cities (sort, id), with hospital counts",
    tags: ["places"],
    data: RegionListData
  }),
  hospitalList: define6({
    summary: "Hospitals, optionally of one region (its cities included), by id; NOT_FOUND for an unknown region",
    tags: ["places"],
    query: HospitalListQuery,
    data: Page(HospitalCard)
  }),
  hospitalDetail: hospital.detail,
  hospitalCourses: hospital.courses,
  hospitalLives: hospital.lives,
  hospitalNews: hospital.news,
  hospitalSpeakers: hospital.speakers,
  organizerDetail: organizer.detail,
  organizerCourses: organizer.courses,
  organizerLives: organizer.lives,
  organizerNews: organizer.news,
  organizerSpeakers: organizer.speakers,
  keywordDetail: keyword.detail,
  keywordCourses: keyword.courses,
  keywordLives: keyword.lives,
  keywordNews: keyword.news,
  keywordSpeakers: keyword.speakers
};

// ../../packages/contract/src/member.ts
import { z as z13 } from "zod";
var MEMBER_MODULES = ["course", "news", "live", "speaker", "column", "paper", "vod"];
var MemberModule = z13.enum(MEMBER_MODULES);
var HISTORY_DELETE_MAX = 100;
var MemberItem = z13.object({
  /** History: the history row id (for delete). Favourites: the module item id. */
  id: z13.number().int(),
  module_name: MemberModule,
  module_id: z13.number().int(),
  title: z13.string(),
  cover: z13.string(),
  action: Action,
  /** ISO time: when favourited, or last viewed. */
  at: z13.string()
});
var ModuleCount = z13.object({ module_name: MemberModule, title_zh: z13.string(), title_en: z13.string(), title: z13.string(), count: z13.number().int() });
var ModuleCountData = z13.object({ items: z13.array(ModuleCount) });
var FavoriteBody = z13.object({
  module_name: MemberModule,
  module_id: Id,
  /** 1 add, 2 remove. */
  status: z13.union([z13.literal(1), z13.literal(2)])
});
var FavoriteData = z13.object({ is_favorite: z13.boolean() });
var MemberListQuery = PageQuery.extend({ module_name: MemberModule.optional() });
var HistoryBody = z13.object({ module_name: MemberModule, module_id: Id });
var HistoryDeleteBody = z13.object({ ids: z13.array(Id).min(1).max(HISTORY_DELETE_MAX) });
var HistoryDeleteData = z13.object({ deleted: z13.number().int() });
var ColumnCard = Column.extend(SubscribeCard.shape);
var SubscribeBody = z13.object({ sub_id: Id });
var SubscribeData = z13.object({ is_follow: z13.boolean(), subscribe_total: z13.number().int() });
var define7 = (e) => e;
var tags3 = ["member"];
var memberSchemas = {
  favoriteSet: define7({
    summary: "Favourite (status 1) or unfavourite (status 2) a module item; idempotent",
    tags: tags3,
    body: FavoriteBody,
    data: FavoriteData
  }),
  favoriteList: define7({
    summary: "The caller's favourites, newest first, resolved with title, cover and action",
    tags: tags3,
    query: MemberListQuery,
    data: Page(MemberItem)
  }),
  favoriteModules: define7({
    summary: "Favourite modules with zh/en titles and the caller\u2019s counts",
    tags: tags3,
    data: ModuleCountData
  }),
  historyRecord: define7({
    summary: "Record a view: one row per user and item, last_viewed_at moved to now",
    tags: tags3,
    body: HistoryBody,
    data: z13.null()
  }),
  historyMenu: define7({
    summary: "History modules with the caller\u2019s counts",
    tags: tags3,
    data: ModuleCountData
  }),
  historyList: define7({
    summary: "The caller's history, most recently viewed first",
    tags: tags3,
    query: MemberListQuery,
    data: Page(MemberItem)
  }),
  historyDelete: define7({
    summary: "Delete history rows by id (at most 100); only the caller's rows are touched",
    tags: tags3,
    body: HistoryDeleteBody,
    data: HistoryDeleteData
  }),
  historyClear: define7({
    summary: "Delete all of the caller's history",
    tags: tags3,
    data: HistoryDeleteData
  }),
  columnList: define7({
    summary: "Column cards with subscription fields; public read (is_follow false when anonymous), subscribe_total counted from rows",
    tags: tags3,
    query: PageQuery,
    data: Page(ColumnCard)
  }),
  subscribeList: define7({
    summary: "Subscribable cards; public read (is_follow false when anonymous)",
    tags: tags3,
    query: PageQuery,
    data: Page(SubscribeCard)
  }),
  mySubscribe: define7({
    summary: "The caller's subscriptions, newest first",
    tags: tags3,
    query: PageQuery,
    data: Page(SubscribeCard)
  }),
  subscribeAdd: define7({
    summary: "Subscribe to a column; idempotent",
    tags: tags3,
    body: SubscribeBody,
    data: SubscribeData
  }),
  subscribeDel: define7({
    summary: "Unsubscribe from a column; idempotent",
    tags: tags3,
    body: SubscribeBody,
    data: SubscribeData
  })
};

// ../../packages/contract/src/search.ts
import { z as z14 } from "zod";
var SEARCH_MODULES = ["course", "live", "news", "speaker", "paper", "column"];
var SearchModule = z14.enum(SEARCH_MODULES);
var SearchTypeValue = z14.enum(["all", ...SEARCH_MODULES]);
var SEARCH_KEYWORD_MAX = 50;
var SEARCH_SUGGEST_LIMIT = 10;
var SEARCH_RESULT_CAP = 1e3;
var HOT_COURSE_LIMIT = 10;
var Keyword = z14.string().trim().min(1).max(SEARCH_KEYWORD_MAX);
var SearchQuery = PageQuery.extend({
  keyword: Keyword,
  type: SearchTypeValue.default("all")
});
var SearchType = z14.object({ type: SearchTypeValue, title: z14.string() });
var SearchTypeData = z14.object({ items: z14.array(SearchType) });
var SearchResult = SearchItem.extend({
  module: SearchModule,
  /** Plain-text excerpt around the first body match (or the start of the body); may be empty. */
  summary: z14.string(),
  /** ISO time the item was published (lives: start time); null for speakers. */
  published_at: z14.string().nullable()
});
var SearchData = Page(SearchResult).extend({
  keyword: z14.string(),
  /** The keyword as the index split it: the web highlights these in titles and summaries. */
  terms: z14.array(z14.string()),
  /**
   * Whether `total` is an exact count. The server counts every match today (true); a client that
   * gets false shows the total as an estimate and pages with `has_more`.
   */
  total_exact: z14.boolean()
});
var SearchWordRemindQuery = z14.object({ word: Keyword });
var SearchWordRemindData = z14.object({ items: z14.array(SearchHint) });
var HotSearchWordData = z14.object({ items: z14.array(HotWord) });
var HotCourseData = z14.object({ items: z14.array(Course) });
var define8 = (e) => e;
var searchSchemas = {
  search: define8({
    summary: "Search published content. Title matches rank above body matches, then recent and popular items; ties by id desc",
    tags: ["search"],
    query: SearchQuery,
    data: SearchData
  }),
  searchType: define8({
    summary: "Result tabs of the search page, in display order, titled in the caller\u2019s language",
    tags: ["search"],
    data: SearchTypeData
  }),
  hotSearchWord: define8({
    summary: "Hot search words for the search board and the empty result state",
    tags: ["search"],
    data: HotSearchWordData
  }),
  searchWordRemind: define8({
    summary: "Suggestions for a partly typed word: titles and hot words starting with or containing it",
    tags: ["search"],
    query: SearchWordRemindQuery,
    data: SearchWordRemindData
  }),
  hotCourse: define8({
    summary: "Most learned published courses for the search board",
    tags: ["search"],
    data: HotCourseData
  })
};

// ../../packages/contract/src/topics.ts
import { z as z15 } from "zod";
var TopicModule = z15.enum(TOPIC_MODULES);
var TopicIdParams = z15.object({ id: Id });
var TopicCounts = z15.object({
  course: z15.number().int(),
  live: z15.number().int(),
  news: z15.number().int(),
  paper: z15.number().int()
});
var TopicCard = Special.extend({ counts: TopicCounts });
var define9 = (e) => e;
var tags4 = ["topics"];
var topicSchemas = {
  topicList: define9({
    summary: "Published special topics in display order (sort, id), with their item counts",
    tags: tags4,
    query: PageQuery,
    data: Page(TopicCard)
  }),
  topicDetail: define9({
    summary: "One published special topic with its item counts; NOT_FOUND for a missing, unpublished or album special",
    tags: tags4,
    params: TopicIdParams,
    data: TopicCard
  }),
  topicCourses: define9({
    summary: "The topic's published courses in the editors' order (sort, course id)",
    tags: tags4,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(Course)
  }),
  topicLives: define9({
    summary: "The topic's published lives in the editors' order (sort, live id)",
    tags: tags4,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(LiveItem)
  }),
  topicNews: define9({
    summary: "The topic's published news in the editors' order (sort, news id)",
    tags: tags4,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(NewsItem)
  }),
  topicPapers: define9({
    summary: "The topic's published papers in the editors' order (sort, paper id)",
    tags: tags4,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(PaperCard)
  })
};

// ../../packages/contract/src/lives.ts
import { z as z16 } from "zod";
var LocalDate = z16.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "YYYY-MM-DD");
var LocalMonth = z16.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, "YYYY-MM");
var LIVE_DATE_DAYS_BACK = 7;
var LIVE_DATE_DAYS_AHEAD = 60;
var LiveCard = LiveItem.extend({
  /** ISO 8601 instant. */
  end_at: z16.string(),
  /** Digits only; shown in groups of four. */
  meeting_no: z16.string(),
  has_replay: z16.boolean(),
  /** Calendar day of start_at in the caller's timezone. */
  date: LocalDate,
  /** Number of reminders set for this live (counted from rows). */
  remind_count: z16.number().int(),
  /** For a logged-in caller; false when anonymous. */
  is_remind: z16.boolean(),
  is_favorite: z16.boolean()
});
var LiveDay = z16.object({
  date: LocalDate,
  /** Published lives starting that day. */
  count: z16.number().int(),
  /** One of them is on air now. */
  has_live: z16.boolean()
});
var LiveDateData = z16.object({
  /** Today in the caller's timezone, and the timezone the days are in (+08:00 by default). */
  today: LocalDate,
  timezone: z16.string(),
  items: z16.array(LiveDay)
});
var DateLivesQuery = PageQuery.extend({ date: LocalDate });
var LookBackQuery = z16.object({ limit: z16.coerce.number().int().min(1).max(20).default(8) });
var LookBackData = z16.object({ items: z16.array(LiveCard) });
var LiveHistoryQuery = PageQuery.extend({
  /** Year of start_at in the caller's timezone. */
  year: z16.coerce.number().int().min(1970).max(2999).optional(),
  department_id: Id.optional()
});
var LiveHistoryFiltersData = z16.object({
  years: z16.array(z16.number().int()),
  departments: z16.array(z16.object({ id: z16.number().int(), title: z16.string() }))
});
var LiveIdParams = z16.object({ id: Id });
var LiveToggleBody = z16.object({ status: z16.union([z16.literal(1), z16.literal(2)]) });
var LiveRemindData = z16.object({ is_remind: z16.boolean(), remind_count: z16.number().int() });
var LiveFavoriteData = z16.object({ is_favorite: z16.boolean() });
var LiveCalendarQuery = z16.object({ month: LocalMonth });
var LiveCalendarData = z16.object({
  month: LocalMonth,
  /** Days of the month (caller's timezone) with my reminded or favourited lives, in order. */
  days: z16.array(z16.object({ date: LocalDate, items: z16.array(LiveCard) }))
});
var REMIND_CHANNELS = ["sms", "email"];
var RemindChannel = z16.enum(REMIND_CHANNELS);
var REMIND_MINUTES = [5, 15, 30, 60, 1440];
var DEFAULT_REMIND_MINUTES = 15;
var RemindTypeBody = z16.strictObject({
  channel: RemindChannel,
  minutes_before: z16.union([z16.literal(5), z16.literal(15), z16.literal(30), z16.literal(60), z16.literal(1440)])
});
var RemindTypeData = z16.object({
  channel: RemindChannel,
  minutes_before: z16.number().int(),
  /** Every channel, and whether the account has an address for it (a bound mobile or email). */
  channels: z16.array(z16.object({ value: RemindChannel, title: z16.string(), available: z16.boolean() })),
  minutes_options: z16.array(z16.number().int())
});
var define10 = (e) => e;
var liveSchemas = {
  liveDate: define10({
    summary: `Days (caller's timezone) from ${LIVE_DATE_DAYS_BACK} days back to ${LIVE_DATE_DAYS_AHEAD} ahead that have published lives`,
    tags: ["lives"],
    data: LiveDateData
  }),
  dateLives: define10({
    summary: "One day's published lives (caller's timezone), by start time (start_at, id); is_remind/is_favorite with a token",
    tags: ["lives"],
    query: DateLivesQuery,
    data: Page(LiveCard)
  }),
  liveLookBack: define10({
    summary: "Recent ended lives that have a replay, newest first",
    tags: ["lives"],
    query: LookBackQuery,
    data: LookBackData
  }),
  liveHistory: define10({
    summary: "Past meetings (ended), newest first (start_at desc, id desc); optional year and department",
    tags: ["lives"],
    query: LiveHistoryQuery,
    data: Page(LiveCard)
  }),
  liveHistoryFilters: define10({
    summary: "Years and departments that past meetings exist for",
    tags: ["lives"],
    data: LiveHistoryFiltersData
  }),
  liveRemind: define10({
    summary: "Set (status 1) or cancel (status 2) a reminder; idempotent; an ended live answers 40120",
    tags: ["lives"],
    params: LiveIdParams,
    body: LiveToggleBody,
    data: LiveRemindData
  }),
  liveFavorite: define10({
    summary: "Favourite (status 1) or unfavourite (status 2) a live; the same rows as /v1/user/favorite",
    tags: ["lives"],
    params: LiveIdParams,
    body: LiveToggleBody,
    data: LiveFavoriteData
  }),
  liveCalendar: define10({
    summary: "My reminded or favourited lives in one month (caller's timezone), by day",
    tags: ["lives"],
    query: LiveCalendarQuery,
    data: LiveCalendarData
  }),
  remindTypeGet: define10({
    summary: "How my live reminders are delivered: channel and minutes before the start",
    tags: ["lives"],
    data: RemindTypeData
  }),
  remindTypeSet: define10({
    summary: "Choose the reminder channel and lead time; the channel needs a bound mobile or email",
    tags: ["lives"],
    body: RemindTypeBody,
    data: RemindTypeData
  })
};

// ../../packages/contract/src/live-room.ts
import { z as z17 } from "zod";
var TOPIC_RATE_LIMIT = { count: 3, windowS: 60 };
var ACCESS_CODE_MAX_FAILURES = 5;
var ACCESS_CODE_LOCK_S = 600;
var SIGN_OPENS_BEFORE_S = 1800;
var LIVE_RESUME_MAX = 500;
var LiveUser = z17.object({ id: z17.number().int(), nickname: z17.string(), avatar: z17.string() });
var LiveSpeaker = z17.object({
  id: z17.number().int(),
  name: z17.string(),
  avatar: z17.string(),
  /** Professional title. */
  title: z17.string(),
  /** host, speaker or panelist. */
  role: z17.enum(["host", "speaker", "panelist"])
});
var LiveOrganizer = z17.object({ id: z17.number().int(), name: z17.string(), logo: z17.string() });
var LiveButton = z17.object({ id: z17.number().int(), title: z17.string(), action: Action });
var MEDIA_UNAVAILABLE = ["not_started", "replay_pending", "login", "access_code", "no_source"];
var MediaUnavailable = z17.enum(MEDIA_UNAVAILABLE);
var LiveAccessBlock = z17.enum(["login", "access_code"]);
var LiveRoomDetail = z17.object({
  id: z17.number().int(),
  title: z17.string(),
  sub_title: z17.string(),
  banner: z17.string(),
  /** ISO 8601; the moderator's start and end move these (the scheduled times stay in scheduled_*). */
  start_at: z17.string(),
  end_at: z17.string(),
  scheduled_start_at: z17.string(),
  scheduled_end_at: z17.string(),
  /** 0 not started, 1 live, 2 ended, 3 replay available. */
  live_status: z17.number().int(),
  live_status_text: z17.string(),
  organizer: LiveOrganizer.nullable(),
  speakers: z17.array(LiveSpeaker),
  /** Digits only, and the same in groups of four ("1234 5678 9012"). */
  meeting_no: z17.string(),
  meeting_no_display: z17.string(),
  requires: z17.object({ login: z17.boolean(), sign_in: z17.boolean(), access_code: z17.boolean() }),
  /** Questions wait for a moderator before others see them. */
  moderated: z17.boolean(),
  /** null: the caller may take part; else what is missing. */
  blocked: LiveAccessBlock.nullable(),
  is_moderator: z17.boolean(),
  signed_in: z17.boolean(),
  signed_at: z17.string().nullable(),
  sign_count: z17.number().int(),
  is_remind: z17.boolean(),
  remind_count: z17.number().int(),
  viewer_count: z17.number().int(),
  /** The room's latest event: open the socket with since=seq to miss nothing after this answer. */
  seq: z17.number().int(),
  /** After the end, the recording to watch (/w/o/vod/{id}) once it is available. */
  recording_id: z17.number().int().nullable(),
  buttons: z17.array(LiveButton),
  media: Media.nullable(),
  media_unavailable: MediaUnavailable.nullable()
});
var LiveRoomParams = z17.object({ id: Id });
var LiveTopicParams = z17.object({ topic_id: Id });
var LivePollParams = z17.object({ poll_id: Id });
var LiveButtonsData = z17.object({ items: z17.array(LiveButton) });
var LiveSignData = z17.object({ signed_in: z17.literal(true), signed_at: z17.string(), sign_count: z17.number().int() });
var LiveSignRow = z17.object({ user: LiveUser, signed_at: z17.string() });
var LiveSignListQuery = PageQuery;
var AccessCodeBody = z17.strictObject({ code: z17.string().trim().min(1).max(32) });
var AccessCodeData = z17.object({ granted: z17.literal(true) });
var TOPIC_STATUSES = ["pending", "approved", "hidden"];
var TopicStatus = z17.enum(TOPIC_STATUSES);
var LiveTopicPublic = z17.object({
  id: z17.number().int(),
  content: z17.string(),
  like_count: z17.number().int(),
  answered: z17.boolean(),
  answer: z17.string().nullable(),
  answered_at: z17.string().nullable(),
  status: TopicStatus,
  pinned: z17.boolean(),
  created_at: z17.string(),
  user: LiveUser
});
var LiveTopic = LiveTopicPublic.extend({ is_like: z17.boolean() });
var TopicStoreBody = z17.strictObject({
  content: z17.string().trim().min(2).max(TOPIC_MAX_CHARS)
});
var TopicListQuery = PageQuery.extend({
  sort: z17.enum(["hot", "new"]).default("hot"),
  /** Moderators only: questions waiting (pending), hidden ones, or every status. */
  status: z17.enum(["visible", "pending", "hidden", "all"]).default("visible")
});
var TopicListData = Page(LiveTopic).extend({ seq: z17.number().int() });
var TopicLikeBody = z17.strictObject({ status: z17.union([z17.literal(1), z17.literal(2)]) });
var TopicLikeData = z17.object({ id: z17.number().int(), like_count: z17.number().int(), is_like: z17.boolean() });
var TopicModerateBody = z17.strictObject({ action: z17.enum(["approve", "hide", "pin", "unpin"]) });
var TopicAnswerBody = z17.strictObject({ answer: z17.string().trim().min(1).max(ANSWER_MAX_CHARS) });
var LiveSlide = z17.object({ index: z17.number().int(), image: z17.string(), title: z17.string() });
var LivePptData = z17.object({ slides: z17.array(LiveSlide), current: z17.number().int(), seq: z17.number().int() });
var SlideSetBody = z17.strictObject({ index: z17.number().int().min(0).max(999) });
var SlideSetData = z17.object({ current: z17.number().int() });
var LivePoll = z17.object({
  id: z17.number().int(),
  question: z17.string(),
  multiple: z17.boolean(),
  status: z17.enum(["open", "closed"]),
  options: z17.array(z17.object({ id: z17.number().int(), text: z17.string(), votes: z17.number().int() })),
  /** People who voted (a multiple-choice voter counts once here). */
  voters: z17.number().int(),
  created_at: z17.string(),
  closed_at: z17.string().nullable()
});
var LivePollMine = LivePoll.extend({ my_votes: z17.array(z17.number().int()) });
var LivePollsData = z17.object({ items: z17.array(LivePollMine), seq: z17.number().int() });
var PollCreateBody = z17.strictObject({
  question: z17.string().trim().min(2).max(200),
  options: z17.array(z17.string().trim().min(1).max(100)).min(2).max(POLL_MAX_OPTIONS),
  multiple: z17.boolean().default(false)
});
var PollVoteBody = z17.strictObject({ option_ids: z17.array(Id).min(1).max(POLL_MAX_OPTIONS) });
var LiveStatusBody = z17.strictObject({ action: z17.enum(["start", "end", "replay"]) });
var RecordingDetail = z17.object({
  id: z17.number().int(),
  live_id: z17.number().int().nullable(),
  title: z17.string(),
  sub_title: z17.string(),
  banner: z17.string(),
  /** When second 0 of the recording happened (ISO 8601). */
  recorded_at: z17.string(),
  duration_s: z17.number().int(),
  speakers: z17.array(LiveSpeaker),
  organizer: LiveOrganizer.nullable(),
  chapters: z17.array(z17.object({ at_s: z17.number().int(), title: z17.string() })),
  /** Which slide shows from which second on, in order (slides as in ppt). */
  slides: z17.array(LiveSlide),
  slide_timeline: z17.array(z17.object({ at_s: z17.number().int(), index: z17.number().int() })),
  /** Approved questions with the second they were asked and answered at (null: not answered during the recording). */
  qa_timeline: z17.array(
    z17.object({
      id: z17.number().int(),
      content: z17.string(),
      user: LiveUser,
      like_count: z17.number().int(),
      asked_at_s: z17.number().int(),
      answer: z17.string().nullable(),
      answered_at_s: z17.number().int().nullable()
    })
  ),
  media: Media.nullable(),
  media_unavailable: MediaUnavailable.nullable()
});
var seqd = { seq: z17.number().int() };
var LiveEvent = z17.discriminatedUnion("type", [
  z17.object({ ...seqd, type: z17.literal("question"), topic: LiveTopicPublic }),
  z17.object({ ...seqd, type: z17.literal("answer"), topic: LiveTopicPublic }),
  z17.object({ ...seqd, type: z17.literal("upvote"), topic_id: z17.number().int(), like_count: z17.number().int() }),
  z17.object({ ...seqd, type: z17.literal("slide"), index: z17.number().int() }),
  z17.object({ ...seqd, type: z17.literal("poll"), poll: LivePoll }),
  z17.object({
    ...seqd,
    type: z17.literal("status"),
    live_status: z17.number().int(),
    start_at: z17.string(),
    end_at: z17.string(),
    recording_id: z17.number().int().nullable()
  })
]);
var LiveControl = z17.discriminatedUnion("type", [
  z17.object({ type: z17.literal("hello"), seq: z17.number().int(), viewers: z17.number().int() }),
  z17.object({ type: z17.literal("viewers"), count: z17.number().int() }),
  z17.object({ type: z17.literal("reset"), seq: z17.number().int() }),
  z17.object({ type: z17.literal("lagging") })
]);
var LiveSocketClose = {
  /** The live does not exist or is not published. */
  NOT_FOUND: 4004,
  /** Login or the access code is needed first. */
  BLOCKED: 4003,
  /** Reading too slowly: reconnect with since=. */
  LAGGING: 4008,
  /** The server is stopping: reconnect (another process will answer). */
  GOING_AWAY: 1001
};
var define11 = (e) => e;
var liveRoomSchemas = {
  liveDetail: define11({
    summary: "The live room: times, status (moderator overrides included), organiser, speakers, what is required, the caller\u2019s role and check-in, media",
    tags: ["live room"],
    params: LiveRoomParams,
    data: LiveRoomDetail
  }),
  liveButtons: define11({ summary: "Links shown under the player", tags: ["live room"], params: LiveRoomParams, data: LiveButtonsData }),
  liveSign: define11({
    summary: "Check in (idempotent: the first time is kept); open from 30 minutes before the start until the end",
    tags: ["live room"],
    params: LiveRoomParams,
    data: LiveSignData
  }),
  liveSignList: define11({
    summary: "Moderators: who checked in, first check-ins first",
    tags: ["live room"],
    params: LiveRoomParams,
    query: LiveSignListQuery,
    data: Page(LiveSignRow)
  }),
  liveAccessCode: define11({
    summary: "Enter the live\u2019s access code; remembered for the account. 5 wrong codes lock for 10 minutes",
    tags: ["live room"],
    params: LiveRoomParams,
    body: AccessCodeBody,
    data: AccessCodeData
  }),
  liveTopicStore: define11({
    summary: `Ask a question (text, ${TOPIC_MAX_CHARS} characters at most, ${TOPIC_RATE_LIMIT.count} per ${TOPIC_RATE_LIMIT.windowS} s); in a moderated live it waits for approval`,
    tags: ["live room"],
    params: LiveRoomParams,
    body: TopicStoreBody,
    data: LiveTopic
  }),
  liveTopicList: define11({
    summary: "Questions: approved ones, plus the caller\u2019s own pending ones; moderators may list pending or hidden",
    tags: ["live room"],
    params: LiveRoomParams,
    query: TopicListQuery,
    data: TopicListData
  }),
  liveTopicLike: define11({
    summary: "Upvote (status 1) or take it back (status 2); once per user",
    tags: ["live room"],
    params: LiveTopicParams,
    body: TopicLikeBody,
    data: TopicLikeData
  }),
  liveTopicModerate: define11({
    summary: "Moderators: approve, hide, pin or unpin a question",
    tags: ["live room"],
    params: LiveTopicParams,
    body: TopicModerateBody,
    data: LiveTopic
  }),
  liveTopicAnswer: define11({
    summary: "Moderators: answer a question (approves it too)",
    tags: ["live room"],
    params: LiveTopicParams,
    body: TopicAnswerBody,
    data: LiveTopic
  }),
  livePpt: define11({ summary: "The slides and the one the presenter shows now", tags: ["live room"], params: LiveRoomParams, data: LivePptData }),
  liveSlideSet: define11({ summary: "Moderators: show another slide", tags: ["live room"], params: LiveRoomParams, body: SlideSetBody, data: SlideSetData }),
  livePolls: define11({ summary: "Polls of the live, newest first, with the caller\u2019s votes", tags: ["live room"], params: LiveRoomParams, data: LivePollsData }),
  livePollCreate: define11({
    summary: "Moderators: open a poll (one open at a time)",
    tags: ["live room"],
    params: LiveRoomParams,
    body: PollCreateBody,
    data: LivePollMine
  }),
  livePollClose: define11({ summary: "Moderators: close a poll", tags: ["live room"], params: LivePollParams, data: LivePollMine }),
  livePollVote: define11({
    summary: "Vote once in an open poll (one option, or several in a multiple-choice poll)",
    tags: ["live room"],
    params: LivePollParams,
    body: PollVoteBody,
    data: LivePollMine
  }),
  liveStatusSet: define11({
    summary: "Moderators: start now, end now, or mark the replay available",
    tags: ["live room"],
    params: LiveRoomParams,
    body: LiveStatusBody,
    data: LiveRoomDetail
  }),
  recordingDetail: define11({
    summary: "A recording with chapters, the slide timeline and the Q&A timeline (seconds into the recording)",
    tags: ["live room"],
    params: LiveRoomParams,
    data: RecordingDetail
  })
};

// ../../packages/contract/src/pages.ts
import { z as z18 } from "zod";
var Slug = z18.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
var SitePageParams = z18.object({ slug: Slug });
var SitePage = z18.object({
  slug: z18.string(),
  title: z18.string(),
  /** Sanitised HTML; links inside are absolute http(s) (new tab) or paths of this site. */
  body_html: z18.string(),
  /** Document version as published, e.g. "2025-07"; empty for texts without versions. */
  version: z18.string(),
  /** The date (YYYY-MM-DD) the version takes effect; null when not a versioned document. */
  effective_on: z18.string().nullable(),
  /** ISO 8601 instant of the last change. */
  updated_at: z18.string()
});
var ProductParams = z18.object({ key: Slug });
var ProductFeature = z18.object({ title: z18.string(), text: z18.string() });
var ProductLink = z18.object({ title: z18.string(), action: Action });
var ProductPage = RelateSite.extend({
  /** Sanitised HTML introduction. */
  intro_html: z18.string(),
  features: z18.array(ProductFeature),
  /** The first link is the main call to action. */
  links: z18.array(ProductLink),
  /** The other sister products, for the strip at the bottom. */
  others: z18.array(RelateSite)
});
var ContactFormBody = z18.object({
  name: z18.string().trim().min(1).max(CONTACT_NAME_MAX),
  contact: z18.string().trim().min(1).max(CONTACT_VALUE_MAX).refine(isContactValue, {
    message: "must be a phone number or an email address",
    params: { zh_CN: "\u8BF7\u586B\u5199\u624B\u673A\u53F7\u6216\u90AE\u7BB1", en: "must be a phone number or an email address" }
  }),
  message: z18.string().trim().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX)
});
var ContactFormData = z18.object({
  /** Reference the visitor can quote when following up, e.g. "C20250701-000123". */
  reference: z18.string(),
  /** ISO 8601 instant the message was stored. */
  received_at: z18.string()
});
var define12 = (e) => e;
var pageSchemas = {
  sitePage: define12({
    summary: "A site document (about, contact, contract, privacy, privacy-sdk) in the request language; NOT_FOUND for unknown or unpublished",
    tags: ["site"],
    params: SitePageParams,
    data: SitePage
  }),
  productPage: define12({
    summary: "A sister product's landing page: description, features, links, the other products; NOT_FOUND for unknown",
    tags: ["site"],
    params: ProductParams,
    data: ProductPage
  }),
  contactForm: define12({
    summary: "Leave a message for customer service (anonymous or logged in); rate-limited per address and per contact",
    tags: ["site"],
    body: ContactFormBody,
    data: ContactFormData
  })
};

// ../../packages/contract/src/rewards.ts
import { z as z19 } from "zod";
function signInPoints(streak) {
  const r = SIGN_IN_RULES;
  const points = r.basePoints + Math.min(Math.max(streak - 1, 0), r.maxStreakExtra) * r.streakStep;
  const bonus = streak > 0 && streak % r.bonusEvery === 0 ? r.bonusPoints : 0;
  return { points, bonus };
}
var SCORE_REASONS = ["sign_in", "voucher", "order_spend", "order_return", "merge", "adjust"];
var ScoreReason = z19.enum(SCORE_REASONS);
var ScoreLogItem = z19.object({
  id: z19.number().int(),
  /** Signed: earned > 0, spent < 0. */
  change: z19.number().int(),
  balance_after: z19.number().int(),
  reason: ScoreReason,
  /** The reason in the caller's language ("每日签到", "Daily sign-in"). */
  title: z19.string(),
  /** What it refers to: an order number, a sign-in day, a voucher; empty when none. */
  ref: z19.string(),
  /** ISO 8601 instant. */
  created_at: z19.string()
});
var ScoreLogQuery = PageQuery.extend({ type: z19.enum(["all", "earned", "spent"]).default("all") });
var ScoreLogPage = Page(ScoreLogItem).extend({ availablescore: z19.number().int() });
var CreditRuleData = z19.object({
  points_per_yuan: z19.number().int(),
  max_order_percent: z19.number().int(),
  sign_in: z19.object({
    base_points: z19.number().int(),
    streak_step: z19.number().int(),
    max_streak_extra: z19.number().int(),
    bonus_every: z19.number().int(),
    bonus_points: z19.number().int()
  })
});
var YearMonth = z19.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM");
var SignInQuery = z19.object({ month: YearMonth.optional() });
var SignInState = z19.object({
  /** Today (YYYY-MM-DD) in the request's timezone (common parameter `timezone`, default +08:00). */
  today: z19.string(),
  signed_today: z19.boolean(),
  /** Consecutive days up to today (or yesterday when today is not signed yet). */
  streak: z19.number().int(),
  /** Points the next sign-in earns (today's if not signed, else tomorrow's), bonus included. */
  next_points: z19.number().int(),
  /** YYYY-MM of the calendar below. */
  month: z19.string(),
  /** Days of `month` signed in, ascending. */
  days: z19.array(z19.object({ date: z19.string(), points: z19.number().int() })),
  availablescore: z19.number().int()
});
var SignInResult = z19.object({
  date: z19.string(),
  streak: z19.number().int(),
  /** Points of this sign-in including the streak bonus; 0 when `newly` is false. */
  points: z19.number().int(),
  bonus: z19.number().int(),
  /** False when today was already signed in (nothing more was awarded). */
  newly: z19.boolean(),
  availablescore: z19.number().int()
});
var VOUCHER_KINDS = ["coupon", "points", "course"];
var VoucherKind = z19.enum(VOUCHER_KINDS);
var VoucherCode = z19.string().trim().min(4).max(40);
var VoucherRedeemBody = z19.object({ code: VoucherCode });
var VoucherRedeemData = z19.object({
  kind: VoucherKind,
  /** kind points: points credited. */
  points: z19.number().int().nullable(),
  /** kind course: the course now owned. */
  course: z19.object({ id: z19.number().int(), title: z19.string() }).nullable(),
  /** kind coupon: the coupon added to the wallet. */
  coupon_id: z19.number().int().nullable(),
  availablescore: z19.number().int()
});
var VoucherBatchBody = z19.object({
  kind: VoucherKind,
  count: z19.number().int().min(1).max(VOUCHER_BATCH_MAX),
  points: z19.number().int().min(1).max(1e6).optional(),
  course_id: z19.number().int().positive().optional(),
  coupon_campaign_id: z19.number().int().positive().optional(),
  /** ISO 8601 instant after which the codes are refused; none = no end. */
  expires_at: z19.iso.datetime({ offset: true }).optional(),
  memo: z19.string().trim().max(200).default("")
}).refine((b) => b.kind === "points" === (b.points !== void 0), { message: "points is required for (only) points vouchers", path: ["points"] }).refine((b) => b.kind === "course" === (b.course_id !== void 0), { message: "course_id is required for (only) course vouchers", path: ["course_id"] }).refine((b) => b.kind === "coupon" === (b.coupon_campaign_id !== void 0), {
  message: "coupon_campaign_id is required for (only) coupon vouchers",
  path: ["coupon_campaign_id"]
});
var VoucherBatch = z19.object({
  id: z19.number().int(),
  kind: VoucherKind,
  count: z19.number().int(),
  redeemed: z19.number().int(),
  points: z19.number().int().nullable(),
  course_id: z19.number().int().nullable(),
  coupon_campaign_id: z19.number().int().nullable(),
  expires_at: z19.string().nullable(),
  memo: z19.string(),
  created_by: z19.number().int(),
  created_at: z19.string()
});
var VoucherBatchCreated = VoucherBatch.extend({ codes: z19.array(z19.string()) });
var VoucherBatchPage = Page(VoucherBatch);
var CardNumber = z19.string().trim().transform((s) => s.replace(/[\s-]/g, "")).pipe(z19.string().regex(/^\d{12,19}$/, "card_number must be 12\u201319 digits"));
var HolderName = z19.string().trim().min(1).max(40);
var withCardMobileRule = (schema) => schema.refine((v) => v.mobile === void 0 || isValidMobile(v.mobile, v.country_code), {
  message: "mobile is not valid for this country",
  path: ["mobile"]
});
var BankCardBody = withCardMobileRule(
  z19.object({
    holder_name: HolderName,
    card_number: CardNumber,
    /** The mobile number the bank has for this card. */
    mobile: MobileNumber,
    country_code: CountryCode,
    is_default: z19.boolean().default(false)
  })
);
var BankCardUpdateBody = withCardMobileRule(
  z19.object({ holder_name: HolderName.optional(), mobile: MobileNumber.optional(), country_code: CountryCode })
);
var CheckBankCardBody = z19.object({ card_number: CardNumber });
var CARD_TYPES = ["debit", "credit"];
var CardType = z19.enum(CARD_TYPES);
var BankInfo = z19.object({
  /** Short code: ICBC, CCB, ABC, BOC, BOCOM, CMB, PSBC, CITIC, CEB, CMBC, CIB, SPDB, PAB, GDB, HXB. */
  bank_code: z19.string(),
  bank_name: z19.string(),
  card_type: CardType
});
var CheckBankCardData = BankInfo.extend({ masked_number: z19.string(), last4: z19.string() });
var BankCard = BankInfo.extend({
  id: z19.number().int(),
  holder_name: z19.string(),
  /** "6222 **** **** 1234": the full number is never sent back. */
  masked_number: z19.string(),
  last4: z19.string(),
  /** Masked: "138****8000". */
  mobile: z19.string(),
  is_default: z19.boolean(),
  created_at: z19.string()
});
var BankCardList = z19.object({ items: z19.array(BankCard) });
var WITHDRAWAL_STATUSES = ["pending", "approved", "paid", "rejected", "failed"];
var WithdrawalStatus = z19.enum(WITHDRAWAL_STATUSES);
var WithdrawalBody = z19.object({
  /** Fen. */
  amount: z19.number().int().min(1),
  bankcard_id: z19.number().int().positive(),
  pay_password: PayPassword
});
var Withdrawal = z19.object({
  id: z19.number().int(),
  withdrawal_no: z19.string(),
  amount: z19.number().int(),
  status: WithdrawalStatus,
  bank_name: z19.string(),
  masked_number: z19.string(),
  reject_reason: z19.string().nullable(),
  created_at: z19.string(),
  reviewed_at: z19.string().nullable(),
  paid_at: z19.string().nullable()
});
var WithdrawalQuery = PageQuery.extend({ status: WithdrawalStatus.optional() });
var WithdrawalPage = Page(Withdrawal);
var AdminWithdrawal = Withdrawal.extend({
  user_id: z19.number().int(),
  holder_name: z19.string(),
  reviewed_by: z19.number().int().nullable(),
  payout_ref: z19.string().nullable()
});
var AdminWithdrawalPage = Page(AdminWithdrawal);
var RejectWithdrawalBody = z19.object({ reason: z19.string().trim().min(2).max(200) });
var define13 = (e) => e;
var IdParams = z19.object({ id: Id });
var rewardsSchemas = {
  scoreLog: define13({
    summary: "Credit points earned and spent, newest first, with the balance after each change",
    tags: ["credit"],
    query: ScoreLogQuery,
    data: ScoreLogPage
  }),
  creditRule: define13({
    summary: "The numbers of the credit rules (points per yuan, share of an order, sign-in points); the text is site page credit-rule",
    tags: ["credit"],
    data: CreditRuleData
  }),
  signInState: define13({
    summary: "Today's sign-in state, the streak and a month's calendar (days in the request's timezone)",
    tags: ["credit"],
    query: SignInQuery,
    data: SignInState
  }),
  signIn: define13({
    summary: "Sign in for today: points once per day (streak bonus); repeating answers the same day with newly=false",
    tags: ["credit"],
    data: SignInResult
  }),
  voucherRedeem: define13({
    summary: "Redeem a voucher code for a coupon, points or a course; each code works once; wrong codes are rate limited",
    tags: ["credit"],
    body: VoucherRedeemBody,
    data: VoucherRedeemData
  }),
  bankcardList: define13({ summary: "My bank cards (masked), default first", tags: ["bank cards"], data: BankCardList }),
  bankcardAdd: define13({
    summary: "Add a bank card: Luhn-checked, bank from the BIN table, stored encrypted",
    tags: ["bank cards"],
    body: BankCardBody,
    data: BankCard
  }),
  bankcardUpdate: define13({
    summary: "Change a card's holder name or mobile",
    tags: ["bank cards"],
    params: IdParams,
    body: BankCardUpdateBody,
    data: BankCard
  }),
  bankcardDefault: define13({ summary: "Make a card the default", tags: ["bank cards"], params: IdParams, data: BankCardList }),
  bankcardDelete: define13({ summary: "Remove a card", tags: ["bank cards"], params: IdParams, data: BankCardList }),
  checkBankcard: define13({
    summary: "Check a card number (Luhn, BIN) and name its bank",
    tags: ["bank cards"],
    body: CheckBankCardBody,
    data: CheckBankCardData
  }),
  cashWithdrawal: define13({
    summary: "Ask to withdraw balance to a bank card (pay password; Idempotency-Key header): the amount is frozen until reviewed",
    tags: ["wallet"],
    body: WithdrawalBody,
    data: Withdrawal
  }),
  withdrawalDetail: define13({ summary: "One of my withdrawals", tags: ["wallet"], params: IdParams, data: Withdrawal }),
  withdrawalList: define13({ summary: "My withdrawals, newest first", tags: ["wallet"], query: WithdrawalQuery, data: WithdrawalPage }),
  adminWithdrawals: define13({
    summary: "Operator: withdrawals by status, oldest first",
    tags: ["admin"],
    query: WithdrawalQuery,
    data: AdminWithdrawalPage
  }),
  adminWithdrawalApprove: define13({
    summary: "Operator: approve a pending withdrawal; the payout provider pays it and reports back",
    tags: ["admin"],
    params: IdParams,
    data: AdminWithdrawal
  }),
  adminWithdrawalReject: define13({
    summary: "Operator: reject a pending withdrawal with a reason; the amount returns to the balance",
    tags: ["admin"],
    params: IdParams,
    body: RejectWithdrawalBody,
    data: AdminWithdrawal
  }),
  adminVoucherBatchCreate: define13({
    summary: "Operator: create a batch of voucher codes (the codes are returned once)",
    tags: ["admin"],
    body: VoucherBatchBody,
    data: VoucherBatchCreated
  }),
  adminVoucherBatches: define13({ summary: "Operator: voucher batches, newest first", tags: ["admin"], query: PageQuery, data: VoucherBatchPage })
};

// ../../packages/contract/src/money.ts
import { z as z20 } from "zod";
var IDEMPOTENCY_HEADER = "idempotency-key";
var IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
var ORDER_TTL_S = 15 * 60;
var RECHARGE_MIN_FEN = 100;
var RECHARGE_MAX_FEN = 5e6;
var Fen = z20.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
var SignedFen = z20.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
var PAY_CHANNELS = ["balance", "wechat", "alipay"];
var PayChannel = z20.enum(PAY_CHANNELS);
var QrChannel = z20.enum(["wechat", "alipay"]);
var ORDER_STATUSES = ["pending", "paid", "closed", "refunded"];
var OrderStatus = z20.enum(ORDER_STATUSES);
var ORDER_MODULES = ["course", "recharge"];
var OrderModule = z20.enum(ORDER_MODULES);
var PurchasableModule = z20.enum(["course"]);
var WALLET_TXN_TYPES = ["recharge", "purchase", "refund", "withdrawal", "withdrawal_paid", "reversal", "adjustment"];
var WalletTxnType = z20.enum(WALLET_TXN_TYPES);
var OrderNo = z20.string().regex(/^[A-Za-z0-9_-]{6,32}$/);
var Instant = z20.string();
var WalletInfo = z20.object({ balance: Fen, frozen: Fen });
var WalletTransaction = z20.object({
  id: z20.number().int(),
  type: WalletTxnType,
  /** Signed change of the balance. */
  amount: SignedFen,
  /** Signed change of the frozen part. */
  frozen_delta: SignedFen,
  balance_after: Fen,
  frozen_after: Fen,
  /** What caused it: `order` (ref_id = order_no), `withdrawal`, `adjustment`, ... */
  ref_type: z20.string(),
  ref_id: z20.string(),
  /** A line to show (the course title, the operator's reason, ...) in the request's language. */
  title: z20.string(),
  created_at: Instant
});
var WalletTransactionQuery = PageQuery.extend({ type: WalletTxnType.optional() });
var WalletTransactionPage = Page(WalletTransaction);
var RechargeOption = z20.object({ id: z20.number().int(), amount: Fen, label: z20.string() });
var RechargeList = z20.object({ items: z20.array(RechargeOption), min_amount: Fen, max_amount: Fen });
var PayExplain = z20.object({ title: z20.string(), paragraphs: z20.array(z20.string()) });
var Order = z20.object({
  order_no: OrderNo,
  module: OrderModule,
  /** Course id; recharge option id or 0 for a recharge. */
  module_id: z20.number().int(),
  title: z20.string(),
  cover: z20.string(),
  /** Price before coupon and points. */
  original_amount: Fen,
  coupon_id: z20.number().int().nullable(),
  coupon_discount: Fen,
  points_used: z20.number().int().min(0),
  points_deduction: Fen,
  /** What the payer pays: original − coupon − points. */
  amount: Fen,
  channel: PayChannel,
  status: OrderStatus,
  created_at: Instant,
  expires_at: Instant,
  paid_at: Instant.nullable(),
  closed_at: Instant.nullable(),
  refunded_at: Instant.nullable()
});
var OrderQuery = PageQuery.extend({ status: OrderStatus.optional(), module: OrderModule.optional() });
var OrderPage = Page(Order);
var OrderInfoQuery = z20.object({ order_no: OrderNo });
var OrderNoParams = z20.object({ order_no: OrderNo });
var OrderPayment = z20.object({
  order_no: OrderNo,
  amount: Fen,
  status: OrderStatus,
  channel: PayChannel,
  /** What the QR encodes (weixin://… for WeChat Pay; the sandbox's local pay page). Empty when paid. */
  code_url: z20.string(),
  /** A PNG data URL of the QR code of `code_url`. Empty when paid. */
  qr: z20.string(),
  expires_at: Instant
});
var OrderPointsField = z20.number().int().min(0).max(1e8).optional();
var CreateOrderBody = z20.object({
  module: PurchasableModule,
  module_id: Id,
  coupon_id: Id.nullish(),
  /** Credit points to spend on it (at most what pointsDeduction allows for the price after the coupon). */
  points: OrderPointsField,
  channel: QrChannel
});
var PayPassword2 = z20.string().regex(PAY_PASSWORD_PATTERN, "must be 6 digits");
var PurchaseBody = z20.object({
  module: PurchasableModule,
  module_id: Id,
  coupon_id: Id.nullish(),
  points: OrderPointsField,
  pay_password: PayPassword2
});
var PurchaseData = z20.object({ order: Order, balance: Fen });
var PayOrderBody = z20.discriminatedUnion("channel", [
  z20.object({ channel: QrChannel }),
  z20.object({ channel: z20.literal("balance"), pay_password: PayPassword2 })
]);
var RechargeBody = z20.object({
  option_id: Id.optional(),
  amount: z20.number().int().min(RECHARGE_MIN_FEN).max(RECHARGE_MAX_FEN).optional(),
  channel: QrChannel
}).refine((b) => b.option_id === void 0 !== (b.amount === void 0), { message: "give exactly one of option_id and amount", path: ["option_id"] });
var DevPayBody = z20.object({ result: z20.enum(["success", "fail"]) });
var DevPayData = z20.object({ order_no: OrderNo, trade_state: z20.enum(["success", "failed", "closed", "pending", "refunded"]) });
var COUPON_KINDS = ["amount", "discount"];
var CouponKind = z20.enum(COUPON_KINDS);
var CouponStatus = z20.enum(["unused", "used", "expired"]);
var CouponRule = z20.object({
  /** `amount`: `value` fen off; `discount`: `value` percent off (1–99), at most `max_discount` fen. */
  kind: CouponKind,
  value: z20.number().int().positive(),
  max_discount: Fen.nullable(),
  /** The price must be at least this (fen). */
  min_spend: Fen,
  /** `all` courses, or only `course_ids`. */
  scope: z20.enum(["all", "courses"]),
  course_ids: z20.array(z20.number().int())
});
var UserCoupon = CouponRule.extend({
  id: z20.number().int(),
  campaign_id: z20.number().int(),
  title: z20.string(),
  /** `unused` includes one held by a pending order (`order_no` set) until that order closes. */
  status: CouponStatus,
  order_no: z20.string().nullable(),
  valid_from: Instant,
  valid_until: Instant,
  claimed_at: Instant,
  used_at: Instant.nullable()
});
var CouponQuery = PageQuery.extend({ status: CouponStatus.default("unused") });
var CouponPage = Page(UserCoupon);
var CouponCampaign = CouponRule.extend({
  id: z20.number().int(),
  title: z20.string(),
  /** Coupons left to claim; null = unlimited. */
  remaining: z20.number().int().nullable(),
  per_user_limit: z20.number().int().positive(),
  /** How many this user holds from it (0 for visitors). */
  claimed: z20.number().int(),
  claim_starts_at: Instant,
  claim_ends_at: Instant,
  /** Coupons are valid this many days after claiming, or until `valid_until` if that is sooner. */
  valid_days: z20.number().int().positive(),
  valid_until: Instant.nullable()
});
var CouponRemain = z20.object({
  /** Unused, unexpired coupons of this user. */
  unused: z20.number().int(),
  /** Campaigns open for claiming now. */
  campaigns: z20.array(CouponCampaign)
});
var UsableCouponQuery = z20.object({ module: PurchasableModule, module_id: Id });
var UsableCoupon = z20.object({ coupon: UserCoupon, discount: Fen, amount: Fen });
var UsableCoupons = z20.object({
  /** The price (fen) read from the catalogue. */
  price: Fen,
  original_price: Fen,
  /** Best first (largest discount, then soonest to expire). */
  items: z20.array(UsableCoupon),
  best_coupon_id: z20.number().int().nullable()
});
var RefundBody = z20.object({ reason: z20.string().trim().min(1).max(200) });
var Refund = z20.object({
  refund_no: z20.string(),
  order_no: OrderNo,
  amount: Fen,
  channel: PayChannel,
  status: z20.enum(["success", "processing", "failed"]),
  reason: z20.string(),
  created_at: Instant
});
var RefundData = z20.object({ refund: Refund, order: Order });
var CreateCampaignBody = CouponRule.extend({
  title_zh: z20.string().trim().min(1).max(60),
  title_en: z20.string().trim().min(1).max(100).optional(),
  /** null = unlimited. */
  total: z20.number().int().positive().max(1e7).nullable().default(null),
  per_user_limit: z20.number().int().positive().max(100).default(1),
  claim_starts_at: z20.iso.datetime({ offset: true }).optional(),
  claim_ends_at: z20.iso.datetime({ offset: true }),
  valid_days: z20.number().int().positive().max(3650),
  valid_until: z20.iso.datetime({ offset: true }).nullable().default(null)
}).refine((b) => b.kind !== "discount" || b.value < 100, { message: "a discount is 1\u201399 percent", path: ["value"] }).refine((b) => b.scope === "all" || b.course_ids.length > 0, { message: "name at least one course", path: ["course_ids"] });
var AdminCampaign = CouponCampaign.extend({ title_zh: z20.string(), title_en: z20.string().nullable(), total: z20.number().int().nullable(), issued: z20.number().int(), active: z20.boolean() });
var AdminCampaignList = z20.object({ items: z20.array(AdminCampaign) });
var AdjustBody = z20.object({
  /** Signed fen: positive credits, negative debits (never below zero). */
  amount: SignedFen.refine((v) => v !== 0, "must not be 0"),
  reason: z20.string().trim().min(1).max(200)
});
var UserIdParams = z20.object({ user_id: Id });
var AdjustData = z20.object({ wallet: WalletInfo, transaction: WalletTransaction });
var AuditEntry = z20.object({
  id: z20.number().int(),
  actor_id: z20.number().int().nullable(),
  action: z20.string(),
  target: z20.string(),
  before: z20.unknown(),
  after: z20.unknown(),
  created_at: Instant
});
var AuditQuery = PageQuery.extend({ action: z20.string().max(60).optional(), target: z20.string().max(100).optional() });
var AuditPage = Page(AuditEntry);
var AdminOrderQuery = PageQuery.extend({ status: OrderStatus.optional(), user_id: Id.optional() });
var AdminOrder = Order.extend({ user_id: z20.number().int(), provider_txn_id: z20.string().nullable() });
var AdminOrderPage = Page(AdminOrder);
var define14 = (e) => e;
var moneySchemas = {
  walletInfo: define14({ summary: "Balance and frozen amount (fen)", tags: ["money"], data: WalletInfo }),
  walletTransactions: define14({
    summary: "The bill: ledger rows newest first, optionally of one type",
    tags: ["money"],
    query: WalletTransactionQuery,
    data: WalletTransactionPage
  }),
  walletTransaction: define14({ summary: "One ledger row of the user", tags: ["money"], params: z20.object({ id: Id }), data: WalletTransaction }),
  rechargeList: define14({ summary: "Recharge options and the custom amount range (fen)", tags: ["money"], data: RechargeList }),
  aboutPayExplain: define14({ summary: "What paying, the balance, refunds and coupons mean", tags: ["money"], data: PayExplain }),
  createOrder: define14({
    summary: "A QR order for a course (price read from the catalogue); Idempotency-Key header required",
    tags: ["money"],
    body: CreateOrderBody,
    data: OrderPayment
  }),
  orderInfo: define14({ summary: "One order of the user (the pay dialog polls this)", tags: ["money"], query: OrderInfoQuery, data: Order }),
  orderList: define14({ summary: "Orders of the user, newest first", tags: ["money"], query: OrderQuery, data: OrderPage }),
  orderCancel: define14({ summary: "Cancel a pending order (releases its coupon)", tags: ["money"], params: OrderNoParams, data: Order }),
  orderPay: define14({
    summary: "Pay a pending order by QR or from the balance; Idempotency-Key header required",
    tags: ["money"],
    params: OrderNoParams,
    body: PayOrderBody,
    data: OrderPayment
  }),
  walletPurchase: define14({
    summary: "Buy from the balance (pay password); Idempotency-Key header required",
    tags: ["money"],
    body: PurchaseBody,
    data: PurchaseData
  }),
  recharge: define14({
    summary: "A QR order that tops up the balance; credited once when the provider confirms. Idempotency-Key header required",
    tags: ["money"],
    body: RechargeBody,
    data: OrderPayment
  }),
  devPay: define14({
    summary: "Development only: act as the payer of a sandbox order (confirm or decline)",
    tags: ["dev"],
    params: OrderNoParams,
    body: DevPayBody,
    data: DevPayData
  }),
  couponList: define14({ summary: "Coupons of the user by status", tags: ["money"], query: CouponQuery, data: CouponPage }),
  couponClaim: define14({ summary: "Claim a coupon from a campaign (id = campaign id)", tags: ["money"], params: z20.object({ id: Id }), data: UserCoupon }),
  couponRemain: define14({ summary: "Unused coupons of the user and campaigns open for claiming", tags: ["money"], data: CouponRemain }),
  couponUsable: define14({
    summary: "Coupons usable for an item at its catalogue price, best first",
    tags: ["money"],
    query: UsableCouponQuery,
    data: UsableCoupons
  }),
  adminOrders: define14({ summary: "Operator: orders of every user", tags: ["admin"], query: AdminOrderQuery, data: AdminOrderPage }),
  adminRefund: define14({
    summary: "Operator: refund a paid order in full to where it came from; revokes the course",
    tags: ["admin"],
    params: OrderNoParams,
    body: RefundBody,
    data: RefundData
  }),
  adminCampaigns: define14({ summary: "Operator: coupon campaigns", tags: ["admin"], data: AdminCampaignList }),
  adminCreateCampaign: define14({ summary: "Operator: create a coupon campaign", tags: ["admin"], body: CreateCampaignBody, data: AdminCampaign }),
  adminAdjustWallet: define14({
    summary: "Operator: credit or debit a balance with a reason; Idempotency-Key header required",
    tags: ["admin"],
    params: UserIdParams,
    body: AdjustBody,
    data: AdjustData
  }),
  adminAuditLog: define14({ summary: "Operator: the audit log, newest first", tags: ["admin"], query: AuditQuery, data: AuditPage })
};

// ../../packages/contract/src/api.ts
var define15 = (e) => e;
var schemas = {
  ...courseSchemas,
  ...speakerSchemas,
  ...placeSchemas,
  ...memberSchemas,
  ...searchSchemas,
  ...topicSchemas,
  ...paperSchemas,
  ...liveSchemas,
  ...liveRoomSchemas,
  ...pageSchemas,
  ...mediaSchemas,
  ...rewardsSchemas,
  ...moneySchemas,
  pcIndex: define15({
    summary: "Home page blocks in display order",
    tags: ["home"],
    data: PcIndexData
  }),
  relateSite: define15({
    summary: "Sister products for the top bar and the all-products dropdown",
    tags: ["home"],
    data: RelateSiteData
  }),
  userBanner: define15({
    summary: "Side banners (home side panel or user centre)",
    tags: ["home"],
    query: UserBannerQuery,
    data: UserBannerData
  }),
  siteConfig: define15({
    summary: "QR targets, app downloads, media accounts and contact details for the site chrome",
    tags: ["home"],
    data: SiteConfig
  }),
  refreshToken: define15({
    summary: "Rotate the token pair; a reused refresh token revokes its whole family (after a short grace window)",
    tags: ["auth"],
    body: z21.object({ refresh_token: z21.string().min(1).max(512) }),
    data: LoginResult
  }),
  sessionCheck: define15({
    summary: "Server session check (spec \xA74): a fresh access token for the session cookie, or 200203",
    tags: ["auth"],
    data: SessionCheck
  }),
  captchaImage: define15({
    summary: "A new image captcha",
    tags: ["auth"],
    data: CaptchaImage
  }),
  countryPhoneCodes: define15({
    summary: "Country calling codes for the phone field",
    tags: ["auth"],
    data: CountryPhoneCodeData
  }),
  sendSms: define15({
    summary: "Send an SMS verification code (image captcha required)",
    tags: ["auth"],
    body: SendSmsBody,
    data: SendCodeData
  }),
  sendEmailCode: define15({
    summary: "Send an email verification code (image captcha required)",
    tags: ["auth"],
    body: SendEmailCodeBody,
    data: SendCodeData
  }),
  smsVerify: define15({
    summary: "Check an SMS code without using it up elsewhere; returns a short-lived ticket",
    tags: ["auth"],
    body: SmsVerifyBody,
    data: SmsVerifyData
  }),
  login: define15({
    summary: "Log in by SMS code (creates the account for a new number) or by password",
    tags: ["auth"],
    body: LoginBody,
    data: LoginData
  }),
  logout: define15({
    summary: "Revoke this session server-side",
    tags: ["auth"],
    data: z21.null()
  }),
  loginInfo: define15({
    summary: "Who is logged in",
    tags: ["auth"],
    data: LoginInfo
  }),
  checkIp: define15({ summary: "The caller address as seen by the server", tags: ["auth"], data: CheckIpData }),
  setPassword: define15({
    summary: "Set a login password (only for a user without one)",
    tags: ["password"],
    body: SetPasswordBody,
    data: z21.null()
  }),
  resetPassword: define15({
    summary: "Change the login password; other sessions are logged out",
    tags: ["password"],
    body: ResetPasswordBody,
    data: LoginResult
  }),
  forgetPassword: define15({
    summary: "Set a new login password with an SMS or email code; every session is logged out",
    tags: ["password"],
    body: ForgetPasswordBody,
    data: z21.null()
  }),
  checkHasPassword: define15({
    summary: "Whether the user has a login password",
    tags: ["password"],
    data: HasPasswordData
  }),
  hasPayPassword: define15({
    summary: "Whether the user has a pay password",
    tags: ["pay password"],
    data: HasPayPasswordData
  }),
  setPayPassword: define15({
    summary: "Set the pay password (SMS code of scene pay_password)",
    tags: ["pay password"],
    body: SetPayPasswordBody,
    data: z21.null()
  }),
  changePayPassword: define15({
    summary: "Change the pay password",
    tags: ["pay password"],
    body: ChangePayPasswordBody,
    data: z21.null()
  }),
  forgetPayPassword: define15({
    summary: "Set a new pay password with an SMS code",
    tags: ["pay password"],
    body: ForgetPayPasswordBody,
    data: z21.null()
  }),
  verifyPayPassword: define15({
    summary: "Check the pay password; repeated failures lock it for a while",
    tags: ["pay password"],
    body: VerifyPayPasswordBody,
    data: VerifyPayPasswordData
  }),
  wechatQrConnect: define15({
    summary: "Start a WeChat QR login: a ticket and what the QR encodes",
    tags: ["wechat"],
    query: WechatQrQuery,
    data: WechatQrData
  }),
  wechatLoginInfo: define15({
    summary: "Poll a WeChat QR login; the login result once confirmed",
    tags: ["wechat"],
    query: WechatLoginInfoQuery,
    data: WechatLoginInfoData
  }),
  wechatCallback: define15({
    summary: "The scanning side reports scan, confirm or cancel (WeChat redirect or sandbox consent page)",
    tags: ["wechat"],
    body: WechatCallbackBody,
    data: WechatCallbackData
  }),
  devOutbox: define15({
    summary: "Development only: messages sent to a phone or email, newest first",
    tags: ["dev"],
    query: OutboxQuery,
    data: OutboxData
  }),
  devCaptcha: define15({
    summary: "Development only: the answer of an image captcha",
    tags: ["dev"],
    params: z21.object({ captcha_key: z21.string().min(1).max(64) }),
    data: DevCaptchaData
  }),
  personalInfo: define15({
    summary: "The profile of the logged-in user",
    tags: ["profile"],
    data: PersonalInfo
  }),
  updatePersonalInfo: define15({
    summary: "Update profile fields",
    tags: ["profile"],
    body: UpdatePersonalInfoBody,
    data: PersonalInfo
  }),
  departmentTree: define15({
    summary: "Department tree for the profile",
    tags: ["profile"],
    data: DepartmentTreeData
  }),
  profileForm: define15({
    summary: "Submit a profile-completion form",
    tags: ["profile"],
    body: ProfileFormBody,
    data: ProfileFormData
  }),
  bindMobile: define15({
    summary: "Bind or change the mobile number with an SMS code (scene bind)",
    tags: ["profile"],
    body: BindMobileBody,
    data: PersonalInfo
  }),
  bindEmail: define15({
    summary: "Bind or change the email with an email code (scene bind)",
    tags: ["profile"],
    body: BindEmailBody,
    data: PersonalInfo
  }),
  mergeUser: define15({
    summary: "Merge the account found by the same mobile or email into this one (after confirmation)",
    tags: ["profile"],
    body: MergeUserBody,
    data: MergeUserData
  }),
  userConfig: define15({ summary: "Per-user settings", tags: ["profile"], data: UserConfig }),
  syncToMeeting: define15({
    summary: "A signed link that logs the user into the sister meeting product",
    tags: ["profile"],
    data: SyncToMeetingData
  }),
  uploadImage: define15({
    summary: 'Upload an image (multipart field "file"; 10240 KB max; type checked by content)',
    tags: ["profile"],
    data: UploadImageData
  }),
  cancelAccount: define15({
    summary: "Delete the account: revokes every token, erases or anonymises personal data, keeps orders and ledger",
    tags: ["profile"],
    body: CancelAccountBody,
    data: z21.null()
  }),
  ...newsSchemas
};
var Health = z21.object({ status: z21.literal("ok"), uptime_s: z21.number(), version: z21.string() });
var Readiness = z21.object({ status: z21.literal("ok"), db: z21.literal("ok"), search: z21.enum(["loading", "ready"]) });

// ../../packages/contract/src/routes.ts
var routes = {
  // courses
  courseList: { method: "GET", path: "/v1/pc/course" },
  courseDetail: { method: "GET", path: "/v1/user/course/:id" },
  courseChapters: { method: "GET", path: "/v2/user/course/:id/chapter" },
  seriesCourses: { method: "GET", path: "/v1/user/course/:id/series_course" },
  moreCourse: { method: "GET", path: "/v1/user/more_course" },
  guessLikeCourse: { method: "GET", path: "/v1/guess_like_course" },
  courseAppraisals: { method: "GET", path: "/v1/user/course/:id/appraise" },
  appraiseTags: { method: "GET", path: "/v1/user/course/appraise_tag" },
  appraiseCourse: { method: "POST", path: "/v1/user/course/:id/appraise", auth: true },
  courseLearnLog: { method: "POST", path: "/v1/user/course/:id/learn_log", auth: true },
  courseLearnProgress: { method: "GET", path: "/v1/user/course/:id/learn_progress", auth: true },
  chapterLearnProgress: { method: "GET", path: "/v1/user/course/:id/chapter_learn_progress", auth: true },
  courseLearnRecord: { method: "GET", path: "/v1/user/course/record", auth: true },
  // media
  liveAuthUrl: { method: "GET", path: "/v1/live/:id/auth_url" },
  watchLog: { method: "POST", path: "/v1/user/watch_log", auth: true },
  watchRecord: { method: "GET", path: "/v1/user/watch_log", auth: true },
  // speakers
  speakerDetail: { method: "GET", path: "/v1/user/speaker/:id" },
  speakerCourses: { method: "GET", path: "/v1/speaker/:id/course" },
  speakerLives: { method: "GET", path: "/v1/speaker/:id/live" },
  speakerLiveYears: { method: "GET", path: "/v1/speaker/:id/live_years" },
  speakerNews: { method: "GET", path: "/v1/speaker/:id/news" },
  speakerColumns: { method: "GET", path: "/v1/speaker/:id/column" },
  speakerDocs: { method: "GET", path: "/v1/speaker/:id/doc" },
  speakerList: { method: "GET", path: "/v1/speaker" },
  speakerFollow: { method: "PUT", path: "/v1/user/speaker/:id/follow", auth: true },
  myFollows: { method: "GET", path: "/v1/user/follow", auth: true },
  // places
  regionList: { method: "GET", path: "/v1/region" },
  hospitalList: { method: "GET", path: "/v1/hospital" },
  hospitalDetail: { method: "GET", path: "/v1/hospital/:id" },
  hospitalCourses: { method: "GET", path: "/v1/hospital/:id/course" },
  hospitalLives: { method: "GET", path: "/v1/hospital/:id/live" },
  hospitalNews: { method: "GET", path: "/v1/hospital/:id/news" },
  hospitalSpeakers: { method: "GET", path: "/v1/hospital/:id/speaker" },
  organizerDetail: { method: "GET", path: "/v1/organizer/:id" },
  organizerCourses: { method: "GET", path: "/v1/organizer/:id/course" },
  organizerLives: { method: "GET", path: "/v1/organizer/:id/live" },
  organizerNews: { method: "GET", path: "/v1/organizer/:id/news" },
  organizerSpeakers: { method: "GET", path: "/v1/organizer/:id/speaker" },
  keywordDetail: { method: "GET", path: "/v1/keyword/:id" },
  keywordCourses: { method: "GET", path: "/v1/keyword/:id/course" },
  keywordLives: { method: "GET", path: "/v1/keyword/:id/live" },
  keywordNews: { method: "GET", path: "/v1/keyword/:id/news" },
  keywordSpeakers: { method: "GET", path: "/v1/keyword/:id/speaker" },
  // member
  favoriteSet: { method: "POST", path: "/v1/user/favorite", auth: true },
  favoriteList: { method: "GET", path: "/v1/user/favorite", auth: true },
  favoriteModules: { method: "GET", path: "/v1/user/module", auth: true },
  historyRecord: { method: "POST", path: "/v1/user/history", auth: true },
  historyMenu: { method: "GET", path: "/v1/user/history/menu", auth: true },
  historyList: { method: "GET", path: "/v2/user/history", auth: true },
  historyDelete: { method: "DELETE", path: "/v1/user/history", auth: true },
  historyClear: { method: "DELETE", path: "/v1/user/history/all", auth: true },
  columnList: { method: "GET", path: "/v1/user/column" },
  subscribeList: { method: "GET", path: "/v1/user/subscribe" },
  mySubscribe: { method: "GET", path: "/v1/user/my/subscribe", auth: true },
  subscribeAdd: { method: "POST", path: "/v1/user/subscribe/add", auth: true },
  subscribeDel: { method: "POST", path: "/v1/user/subscribe/del", auth: true },
  // search
  search: { method: "GET", path: "/v1/pc/search" },
  searchType: { method: "GET", path: "/v1/user/search_type" },
  hotSearchWord: { method: "GET", path: "/v1/user/hot_search_word" },
  searchWordRemind: { method: "GET", path: "/v1/user/search_word_remind" },
  hotCourse: { method: "GET", path: "/v1/pc/course/hot" },
  // topics
  topicList: { method: "GET", path: "/v1/topic" },
  topicDetail: { method: "GET", path: "/v1/topic/:id" },
  topicCourses: { method: "GET", path: "/v1/topic/:id/course" },
  topicLives: { method: "GET", path: "/v1/topic/:id/live" },
  topicNews: { method: "GET", path: "/v1/topic/:id/news" },
  topicPapers: { method: "GET", path: "/v1/topic/:id/paper" },
  // papers
  paperList: { method: "GET", path: "/v1/paper" },
  paperDetail: { method: "GET", path: "/v1/paper/:id" },
  // lives
  liveDate: { method: "GET", path: "/v1/live/live_date" },
  dateLives: { method: "GET", path: "/v1/live/date_lives" },
  liveLookBack: { method: "GET", path: "/v1/live/look_back" },
  liveHistory: { method: "GET", path: "/v1/live/history" },
  liveHistoryFilters: { method: "GET", path: "/v1/live/history/filters" },
  liveRemind: { method: "PUT", path: "/v1/user/live/:id/remind", auth: true },
  liveFavorite: { method: "PUT", path: "/v1/user/live/:id/favorite", auth: true },
  liveCalendar: { method: "GET", path: "/v1/user/live/calendar", auth: true },
  remindTypeGet: { method: "GET", path: "/v1/user/live/remind_type", auth: true },
  remindTypeSet: { method: "POST", path: "/v1/user/live/remind_type", auth: true },
  // live room
  liveDetail: { method: "GET", path: "/v1/live/:id" },
  liveButtons: { method: "GET", path: "/v1/live/:id/buttons" },
  liveSign: { method: "POST", path: "/v1/user/live/:id/sign", auth: true },
  liveSignList: { method: "GET", path: "/v1/user/live/:id/signs", auth: true },
  liveAccessCode: { method: "POST", path: "/v1/user/live/:id/access_code", auth: true },
  liveTopicStore: { method: "POST", path: "/v1/user/live/:id/topicstore", auth: true },
  liveTopicList: { method: "GET", path: "/v1/live/:id/topiclist" },
  liveTopicLike: { method: "PUT", path: "/v1/user/live/topic/:topic_id/like", auth: true },
  liveTopicModerate: { method: "PUT", path: "/v1/user/live/topic/:topic_id/moderate", auth: true },
  liveTopicAnswer: { method: "PUT", path: "/v1/user/live/topic/:topic_id/answer", auth: true },
  livePpt: { method: "GET", path: "/v1/live/:id/ppt" },
  liveSlideSet: { method: "PUT", path: "/v1/user/live/:id/ppt", auth: true },
  livePolls: { method: "GET", path: "/v1/live/:id/polls" },
  livePollCreate: { method: "POST", path: "/v1/user/live/:id/poll", auth: true },
  livePollClose: { method: "PUT", path: "/v1/user/live/poll/:poll_id/close", auth: true },
  livePollVote: { method: "POST", path: "/v1/user/live/poll/:poll_id/vote", auth: true },
  liveStatusSet: { method: "PUT", path: "/v1/user/live/:id/status", auth: true },
  recordingDetail: { method: "GET", path: "/v1/vod/:id" },
  // site pages
  sitePage: { method: "GET", path: "/v1/site/page/:slug" },
  productPage: { method: "GET", path: "/v1/relate_site/:key" },
  contactForm: { method: "POST", path: "/v1/user/contact_form" },
  // home
  pcIndex: { method: "GET", path: "/v1/pc_index" },
  relateSite: { method: "GET", path: "/v1/relate_site" },
  userBanner: { method: "GET", path: "/v1/user/banner" },
  siteConfig: { method: "GET", path: "/v1/site/config" },
  // accounts
  refreshToken: { method: "POST", path: "/v1/user/refresh/token" },
  sessionCheck: { method: "GET", path: "/v1/user/session" },
  captchaImage: { method: "GET", path: "/v1/user/verify_code_image" },
  countryPhoneCodes: { method: "GET", path: "/v1/user/country_phone_code" },
  sendSms: { method: "POST", path: "/v1/user/send/sms" },
  sendEmailCode: { method: "POST", path: "/v1/user/send/code" },
  smsVerify: { method: "POST", path: "/v1/user/sms_verify" },
  login: { method: "POST", path: "/v1/user/login" },
  logout: { method: "GET", path: "/v1/user/logout" },
  loginInfo: { method: "GET", path: "/v1/user/login_info", auth: true },
  checkIp: { method: "GET", path: "/v1/check_ip" },
  setPassword: { method: "POST", path: "/v1/user/password", auth: true },
  resetPassword: { method: "POST", path: "/v1/user/reset_password", auth: true },
  forgetPassword: { method: "POST", path: "/v1/user/forget_password" },
  checkHasPassword: { method: "GET", path: "/v1/user/user/check_has_password", auth: true },
  hasPayPassword: { method: "GET", path: "/v1/user/pay/has_pay_password", auth: true },
  setPayPassword: { method: "POST", path: "/v1/user/pay/password", auth: true },
  changePayPassword: { method: "PUT", path: "/v1/user/pay/password", auth: true },
  forgetPayPassword: { method: "POST", path: "/v1/user/pay/forget_password", auth: true },
  verifyPayPassword: { method: "POST", path: "/v1/user/pay/verify", auth: true },
  wechatQrConnect: { method: "GET", path: "/v1/wechat/qrconnect" },
  wechatLoginInfo: { method: "GET", path: "/v1/user/wechat/login/info" },
  wechatCallback: { method: "POST", path: "/v1/wechat/callback" },
  devOutbox: { method: "GET", path: "/v1/dev/outbox" },
  devCaptcha: { method: "GET", path: "/v1/dev/captcha/:captcha_key" },
  // profile
  personalInfo: { method: "GET", path: "/v1/user/personal_info", auth: true },
  updatePersonalInfo: { method: "PUT", path: "/v1/user/personal_info", auth: true },
  departmentTree: { method: "GET", path: "/v2/user/personal_department" },
  profileForm: { method: "POST", path: "/v1/user/form", auth: true },
  bindMobile: { method: "POST", path: "/v1/user/personal_info/bind_mobile", auth: true },
  bindEmail: { method: "POST", path: "/v1/user/personal_info/bind_email", auth: true },
  mergeUser: { method: "POST", path: "/v1/user/merge_user", auth: true },
  userConfig: { method: "GET", path: "/v1/user/config", auth: true },
  syncToMeeting: { method: "POST", path: "/v1/user/user_sync_to_meeting", auth: true },
  uploadImage: { method: "POST", path: "/v1/user/img", auth: true },
  cancelAccount: { method: "POST", path: "/v1/user/account/cancel", auth: true },
  // credit points, sign-in, vouchers, bank cards, withdrawals (rewards.ts)
  scoreLog: { method: "GET", path: "/v1/user/score_log", auth: true },
  creditRule: { method: "GET", path: "/v1/credit/rule" },
  signInState: { method: "GET", path: "/v1/user/sign_in", auth: true },
  signIn: { method: "POST", path: "/v1/user/sign_in", auth: true },
  voucherRedeem: { method: "POST", path: "/v1/user/voucher/redeem", auth: true },
  bankcardList: { method: "GET", path: "/v1/user/bankcard", auth: true },
  bankcardAdd: { method: "POST", path: "/v1/user/bankcard", auth: true },
  bankcardUpdate: { method: "PUT", path: "/v1/user/bankcard/:id", auth: true },
  bankcardDefault: { method: "PUT", path: "/v1/user/bankcard/:id/default", auth: true },
  bankcardDelete: { method: "DELETE", path: "/v1/user/bankcard/:id", auth: true },
  checkBankcard: { method: "POST", path: "/v1/user/check_bankcard", auth: true },
  cashWithdrawal: { method: "POST", path: "/v1/user/wallet/cashwithdrawal", auth: true },
  withdrawalDetail: { method: "GET", path: "/v1/user/cashwithdrawal/:id", auth: true },
  withdrawalList: { method: "GET", path: "/v1/user/cashwithdrawal", auth: true },
  adminWithdrawals: { method: "GET", path: "/v1/admin/withdrawals", auth: true },
  adminWithdrawalApprove: { method: "POST", path: "/v1/admin/withdrawals/:id/approve", auth: true },
  adminWithdrawalReject: { method: "POST", path: "/v1/admin/withdrawals/:id/reject", auth: true },
  adminVoucherBatchCreate: { method: "POST", path: "/v1/admin/voucher_batches", auth: true },
  adminVoucherBatches: { method: "GET", path: "/v1/admin/voucher_batches", auth: true },
  // money (decision record 0026)
  walletInfo: { method: "GET", path: "/v1/user/wallet/info", auth: true },
  walletTransactions: { method: "GET", path: "/v1/user/wallet/transaction", auth: true },
  walletTransaction: { method: "GET", path: "/v1/user/wallet_transaction/:id", auth: true },
  rechargeList: { method: "GET", path: "/v1/user/recharge_list" },
  aboutPayExplain: { method: "GET", path: "/v1/user/about_pay_explain" },
  createOrder: { method: "POST", path: "/v1/pc/order", auth: true },
  orderInfo: { method: "GET", path: "/v1/user/order/info", auth: true },
  orderList: { method: "GET", path: "/v1/user/order", auth: true },
  orderCancel: { method: "POST", path: "/v1/user/order/:order_no/cancel", auth: true },
  orderPay: { method: "POST", path: "/v1/user/order/:order_no/pay", auth: true },
  walletPurchase: { method: "POST", path: "/v1/user/wallet/purchase", auth: true },
  recharge: { method: "POST", path: "/v1/pc/recharge", auth: true },
  devPay: { method: "POST", path: "/v1/dev/pay/:order_no" },
  couponList: { method: "GET", path: "/v1/user/coupon", auth: true },
  couponClaim: { method: "POST", path: "/v1/user/coupon/:id", auth: true },
  couponRemain: { method: "GET", path: "/v1/user/coupon/remain" },
  couponUsable: { method: "GET", path: "/v1/user/coupon/usable", auth: true },
  adminOrders: { method: "GET", path: "/v1/admin/orders", auth: true },
  adminRefund: { method: "POST", path: "/v1/admin/orders/:order_no/refund", auth: true },
  adminCampaigns: { method: "GET", path: "/v1/admin/coupon_campaigns", auth: true },
  adminCreateCampaign: { method: "POST", path: "/v1/admin/coupon_campaigns", auth: true },
  adminAdjustWallet: { method: "POST", path: "/v1/admin/wallets/:user_id/adjust", auth: true },
  adminAuditLog: { method: "GET", path: "/v1/admin/audit_log", auth: true },
  // news
  newsCategories: { method: "GET", path: "/v1/news/category" },
  newsList: { method: "GET", path: "/v1/news" },
  newsDetail: { method: "GET", path: "/v1/news/:id" },
  newsRecommend: { method: "GET", path: "/v1/news/:id/recommend" },
  newsView: { method: "PUT", path: "/v1/news/:id/view" },
  newsLike: { method: "PUT", path: "/v1/user/news/:id/liked", auth: true },
  newsReadLog: { method: "POST", path: "/v1/user/news/:id/read_log", auth: true },
  newsComments: { method: "GET", path: "/v1/news/:id/comments" },
  postNewsComment: { method: "POST", path: "/v1/user/news/:id/comments", auth: true },
  deleteNewsComment: { method: "DELETE", path: "/v1/user/news/comment/:id", auth: true },
  myNewsComments: { method: "GET", path: "/v1/user/news/my_comments", auth: true }
};
var payNotifyPath = (channel2) => `/v1/pay/notify/${channel2}`;

// ../../packages/contract/src/format.ts
var trim1 = (n) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, "");
function formatCount(count6, lang) {
  const n = Math.max(0, Math.trunc(count6));
  if (lang === "en") {
    if (n >= 1e6) return `${trim1(n / 1e6)}M`;
    if (n >= 1e3) return `${trim1(n / 1e3)}k`;
    return String(n);
  }
  if (n >= 1e8) return `${trim1(n / 1e8)}\u4EBF`;
  if (n >= 1e4) return `${trim1(n / 1e4)}\u4E07`;
  return String(n);
}

// src/db/schema/site.ts
import { boolean as boolean4, index as index8, integer as integer8, jsonb, pgEnum as pgEnum4, pgTable as pgTable8, text as text8, timestamp as timestamp7 } from "drizzle-orm/pg-core";
var bannerPosition = pgEnum4("banner_position", ["home", "home_side", "user_center"]);
var banners = pgTable8(
  "banners",
  {
    id: integer8().primaryKey().generatedByDefaultAsIdentity(),
    position: bannerPosition().notNull(),
    titleZh: text8().notNull(),
    titleEn: text8(),
    image: text8().notNull(),
    action: jsonb().$type().notNull(),
    sort: integer8().notNull().default(0),
    /** Optional display window; null = unbounded. */
    startsAt: timestamp7({ withTimezone: true }),
    endsAt: timestamp7({ withTimezone: true }),
    status: contentStatus().notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [index8("banners_position_sort_idx").on(t.position, t.sort)]
);
var relateSites = pgTable8("relate_sites", {
  id: integer8().primaryKey().generatedByDefaultAsIdentity(),
  key: text8().notNull().unique(),
  titleZh: text8().notNull(),
  titleEn: text8(),
  descZh: text8().notNull().default(""),
  descEn: text8(),
  icon: text8().notNull(),
  url: text8().notNull(),
  /** Landing-page introduction: HTML, sanitised when served. */
  introZh: text8().notNull().default(""),
  introEn: text8(),
  features: jsonb().$type().notNull().default([]),
  links: jsonb().$type().notNull().default([]),
  sort: integer8().notNull().default(0),
  status: contentStatus().notNull().default("published"),
  createdAt: createdAt()
});
var introTexts = pgTable8("intro_texts", {
  id: integer8().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text8().notNull(),
  titleEn: text8(),
  textZh: text8().notNull(),
  textEn: text8(),
  action: jsonb().$type(),
  sort: integer8().notNull().default(0),
  status: contentStatus().notNull().default("published"),
  createdAt: createdAt()
});
var layouts = Object.values(BlockLayout);
var blockLayout = pgEnum4("block_layout", layouts);
var homeBlocks = pgTable8(
  "home_blocks",
  {
    id: integer8().primaryKey().generatedByDefaultAsIdentity(),
    layout: blockLayout().notNull(),
    titleZh: text8().notNull(),
    titleEn: text8(),
    sort: integer8().notNull().default(0),
    /** Sent to the client as header.hide; hidden blocks carry no items. */
    hide: boolean4().notNull().default(false),
    moreAction: jsonb().$type(),
    /** Query parameters of the block's items, validated by BlockSource on read. */
    source: jsonb().$type().notNull().default({}),
    status: contentStatus().notNull().default("published"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [index8("home_blocks_sort_idx").on(t.sort)]
);
var appMeta = pgTable8("app_meta", {
  key: text8().primaryKey(),
  value: text8().notNull(),
  updatedAt: updatedAt()
});

// src/db/schema/auth.ts
import { index as index9, integer as integer9, pgEnum as pgEnum5, pgTable as pgTable9, text as text9, timestamp as timestamp8 } from "drizzle-orm/pg-core";
var authSessions = pgTable9(
  "auth_sessions",
  {
    id: integer9().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer9().notNull().references(() => users.id, { onDelete: "cascade" }),
    platform: text9().notNull().default("web"),
    /** SHA-256 of the httpOnly session cookie's secret (server session check). */
    cookieHash: text9().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp8({ withTimezone: true }).notNull().defaultNow(),
    /** The family ends when its newest refresh token would expire. */
    expiresAt: timestamp8({ withTimezone: true }).notNull(),
    revokedAt: timestamp8({ withTimezone: true }),
    revokeReason: text9()
  },
  (t) => [index9("auth_sessions_user_idx").on(t.userId)]
);
var tokenKind = pgEnum5("token_kind", ["access", "refresh"]);
var authTokens = pgTable9(
  "auth_tokens",
  {
    tokenHash: text9().primaryKey(),
    kind: tokenKind().notNull(),
    sessionId: integer9().notNull().references(() => authSessions.id, { onDelete: "cascade" }),
    userId: integer9().notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp8({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Refresh tokens: when it was exchanged for a successor pair. */
    rotatedAt: timestamp8({ withTimezone: true }),
    /**
     * The successor pair, AES-256-GCM encrypted under a key derived from THIS refresh token's raw
     * value (which only its holder knows), so a repeat inside the grace window gets the same pair
     * while the database alone cannot recover any token. Wiped when the window has passed.
     */
    successorEnc: text9()
  },
  (t) => [index9("auth_tokens_session_idx").on(t.sessionId), index9("auth_tokens_expires_idx").on(t.expiresAt)]
);
var captchas = pgTable9(
  "captchas",
  {
    key: text9().primaryKey(),
    answerHash: text9().notNull(),
    /** The plain answer, kept only outside production for GET /v1/dev/captcha/:key. */
    devAnswer: text9(),
    expiresAt: timestamp8({ withTimezone: true }).notNull(),
    createdAt: createdAt()
  },
  (t) => [index9("captchas_expires_idx").on(t.expiresAt)]
);
var codeChannel = pgEnum5("code_channel", ["sms", "email"]);
var verificationCodes = pgTable9(
  "verification_codes",
  {
    id: integer9().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** Canonical: E.164 `+8613800138000` or a lower-case email. */
    recipient: text9().notNull(),
    scene: text9().notNull(),
    codeHash: text9().notNull(),
    ip: text9().notNull(),
    attempts: integer9().notNull().default(0),
    expiresAt: timestamp8({ withTimezone: true }).notNull(),
    /** Used, or invalidated by too many wrong attempts. */
    consumedAt: timestamp8({ withTimezone: true }),
    createdAt: timestamp8({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index9("verification_codes_recipient_idx").on(t.recipient, t.createdAt), index9("verification_codes_ip_idx").on(t.ip, t.createdAt)]
);
var rateLimits = pgTable9(
  "rate_limits",
  {
    key: text9().primaryKey(),
    count: integer9().notNull(),
    windowStart: timestamp8({ withTimezone: true }).notNull(),
    expiresAt: timestamp8({ withTimezone: true }).notNull()
  },
  (t) => [index9("rate_limits_expires_idx").on(t.expiresAt)]
);
var wechatLoginStatus = pgEnum5("wechat_login_status", ["waiting", "scanned", "confirmed", "cancelled"]);
var wechatLogins = pgTable9("wechat_logins", {
  ticketHash: text9().primaryKey(),
  status: wechatLoginStatus().notNull().default("waiting"),
  platform: text9().notNull().default("web"),
  userId: integer9().references(() => users.id, { onDelete: "cascade" }),
  isNewUser: integer9().notNull().default(0),
  expiresAt: timestamp8({ withTimezone: true }).notNull(),
  /** When the polling browser received its tokens (then the ticket is spent). */
  consumedAt: timestamp8({ withTimezone: true }),
  createdAt: createdAt()
});

// src/db/schema/member.ts
import { index as index10, integer as integer10, pgTable as pgTable10, primaryKey as primaryKey5, text as text10, timestamp as timestamp9, unique as unique4 } from "drizzle-orm/pg-core";
var userFavorites = pgTable10(
  "user_favorites",
  {
    userId: integer10().notNull().references(() => users.id, { onDelete: "cascade" }),
    moduleName: text10().notNull(),
    moduleId: integer10().notNull(),
    createdAt: createdAt()
  },
  (t) => [primaryKey5({ columns: [t.userId, t.moduleName, t.moduleId] }), index10("user_favorites_user_idx").on(t.userId, t.moduleName, t.createdAt)]
);
var userHistory = pgTable10(
  "user_history",
  {
    id: integer10().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer10().notNull().references(() => users.id, { onDelete: "cascade" }),
    moduleName: text10().notNull(),
    moduleId: integer10().notNull(),
    lastViewedAt: timestamp9({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    unique4("user_history_item_uq").on(t.userId, t.moduleName, t.moduleId),
    index10("user_history_user_viewed_idx").on(t.userId, t.lastViewedAt)
  ]
);
var columnSubscriptions = pgTable10(
  "column_subscriptions",
  {
    columnId: integer10().notNull().references(() => columns.id, { onDelete: "cascade" }),
    userId: integer10().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey5({ columns: [t.columnId, t.userId] }), index10("column_subscriptions_user_idx").on(t.userId, t.createdAt)]
);

// src/db/schema/search.ts
import { sql as sql4 } from "drizzle-orm";
import { bigint as bigint3, boolean as boolean5, check as check4, customType, doublePrecision, index as index11, integer as integer11, pgTable as pgTable11, text as text11, timestamp as timestamp10, unique as unique5 } from "drizzle-orm/pg-core";
var tsvector = customType({ dataType: () => "tsvector" });
var xid8 = customType({ dataType: () => "xid8" });
var searchDocuments = pgTable11(
  "search_documents",
  {
    id: integer11().primaryKey().generatedByDefaultAsIdentity(),
    /** contract SearchModule: course, live, news, speaker, paper, column. */
    module: text11().notNull(),
    itemId: integer11().notNull(),
    titleZh: text11().notNull(),
    titleEn: text11(),
    /** Plain text the result summary is cut from (HTML stripped, shortened). */
    bodyZh: text11().notNull().default(""),
    bodyEn: text11(),
    cover: text11().notNull(),
    /** Tokens of both titles; a match here ranks above a body-only match. */
    titleTsv: tsvector().notNull(),
    /** Tokens of both bodies (summary, description, abstract, speaker, journal, ...). */
    bodyTsv: tsvector().notNull(),
    /** Lives: start time; speakers and columns: null. */
    publishedAt: timestamp10({ withTimezone: true }),
    /** Learn count, views, followers or subscribers, whichever the module has. */
    popularity: integer11().notNull().default(0),
    /** Order within a tier: days since 1970 of the item's date plus 30 per tenfold popularity. */
    boost: doublePrecision().notNull().default(0),
    visible: boolean5().notNull(),
    updatedAt: timestamp10({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    unique5("search_documents_module_item_key").on(t.module, t.itemId),
    check4("search_documents_module_check", sql4`${t.module} in ('course', 'live', 'news', 'speaker', 'paper', 'column')`)
  ]
);
var searchChanges = pgTable11(
  "search_changes",
  {
    seq: bigint3({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    module: text11().notNull(),
    itemId: integer11().notNull(),
    at: timestamp10({ withTimezone: true }).notNull().defaultNow(),
    xid: xid8().notNull().default(sql4`pg_current_xact_id()`)
  },
  (t) => [index11("search_changes_at_idx").on(t.at), index11("search_changes_xid_idx").on(t.xid)]
);

// src/db/schema/messages.ts
import { sql as sql5 } from "drizzle-orm";
import { boolean as boolean6, index as index12, integer as integer12, pgEnum as pgEnum6, pgTable as pgTable12, text as text12, timestamp as timestamp11 } from "drizzle-orm/pg-core";
var outboxStatus = pgEnum6("outbox_status", ["pending", "sending", "sent", "failed", "skipped", "expired"]);
var outbox = pgTable12(
  "outbox",
  {
    id: integer12().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** E.164 mobile (`+8613800138000`) or a lower-case email. */
    to: text12().notNull(),
    /** Calling code of an SMS recipient (`86`), for providers that want it apart. */
    countryCode: text12(),
    text: text12().notNull(),
    /** The verification code it carries, if any (the sandbox shows it). */
    code: text12(),
    scene: text12(),
    status: outboxStatus().notNull().default("pending"),
    /** Deliver only if an active account holds `to` (reset-type codes): decided by the worker, never the request. */
    onlyToAccount: boolean6().notNull().default(false),
    attempts: integer12().notNull().default(0),
    nextAttemptAt: timestamp11({ withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when the claim lapses (a worker that died), making the row due again. */
    lockedUntil: timestamp11({ withTimezone: true }),
    /** Not worth sending after this (the code expired, the live ended). */
    deliverBefore: timestamp11({ withTimezone: true }),
    lastError: text12(),
    sentAt: timestamp11({ withTimezone: true }),
    createdAt: timestamp11({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index12("outbox_to_idx").on(t.to, t.createdAt),
    index12("outbox_due_idx").on(t.nextAttemptAt).where(sql5`${t.status} in ('pending', 'sending')`)
  ]
);
var sandboxMessages = pgTable12(
  "sandbox_messages",
  {
    id: integer12().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** E.164 mobile or email, as the provider was given it. */
    to: text12().notNull(),
    countryCode: text12(),
    text: text12().notNull(),
    code: text12(),
    scene: text12(),
    createdAt: createdAt()
  },
  (t) => [index12("sandbox_messages_to_idx").on(t.to, t.createdAt)]
);

// src/db/schema/pages.ts
import { date, index as index13, integer as integer13, pgEnum as pgEnum7, pgTable as pgTable13, text as text13 } from "drizzle-orm/pg-core";
var sitePages = pgTable13("site_pages", {
  id: integer13().primaryKey().generatedByDefaultAsIdentity(),
  slug: text13().notNull().unique(),
  titleZh: text13().notNull(),
  titleEn: text13(),
  bodyZh: text13().notNull(),
  bodyEn: text13(),
  /** Published version label of a legal text ('' for plain pages). */
  version: text13().notNull().default(""),
  effectiveOn: date({ mode: "string" }),
  status: contentStatus().notNull().default("published"),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
var contactKind = pgEnum7("contact_kind", ["phone", "email"]);
var contactMessageStatus = pgEnum7("contact_message_status", ["new", "handled"]);
var contactMessages = pgTable13(
  "contact_messages",
  {
    id: integer13().primaryKey().generatedByDefaultAsIdentity(),
    name: text13().notNull(),
    /** As typed (trimmed), for the reply. */
    contact: text13().notNull(),
    contactKind: contactKind().notNull(),
    message: text13().notNull(),
    userId: integer13().references(() => users.id, { onDelete: "set null" }),
    /** Client address, kept for abuse handling; removed with the row after the retention period. */
    ip: text13().notNull(),
    lang: text13().notNull(),
    status: contactMessageStatus().notNull().default("new"),
    createdAt: createdAt()
  },
  (t) => [index13("contact_messages_created_idx").on(t.createdAt)]
);

// src/db/schema/live-room.ts
import { sql as sql6 } from "drizzle-orm";
import { bigint as bigint4, boolean as boolean7, check as check5, index as index14, integer as integer14, jsonb as jsonb2, pgTable as pgTable14, primaryKey as primaryKey6, text as text14, timestamp as timestamp12, unique as unique6 } from "drizzle-orm/pg-core";
var liveRooms = pgTable14(
  "live_rooms",
  {
    liveId: integer14().primaryKey().references(() => lives.id, { onDelete: "cascade" }),
    seq: bigint4({ mode: "number" }).notNull().default(0),
    currentSlide: integer14().notNull().default(0),
    moderated: boolean7().notNull().default(false),
    requireLogin: boolean7().notNull().default(false),
    requireSignIn: boolean7().notNull().default(false),
    /** scrypt of the access code (modules/auth passwords format); null = no code. */
    accessCodeHash: text14(),
    /** The schedule before a moderator moved start_at/end_at (null: never moved). */
    scheduledStartAt: timestamp12({ withTimezone: true }),
    scheduledEndAt: timestamp12({ withTimezone: true }),
    statusChangedAt: timestamp12({ withTimezone: true }),
    statusChangedBy: integer14().references(() => users.id, { onDelete: "set null" })
  },
  (t) => [check5("live_rooms_slide_check", sql6`${t.currentSlide} >= 0`)]
);
var liveModerators = pgTable14(
  "live_moderators",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.userId] }), index14("live_moderators_user_idx").on(t.userId)]
);
var liveSpeakers = pgTable14(
  "live_speakers",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    speakerId: integer14().notNull().references(() => speakers.id, { onDelete: "cascade" }),
    role: text14().notNull().default("speaker"),
    sort: integer14().notNull().default(0)
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.speakerId] })]
);
var liveEvents = pgTable14(
  "live_events",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    seq: bigint4({ mode: "number" }).notNull(),
    type: text14().notNull(),
    payload: jsonb2().$type().notNull(),
    modsOnly: boolean7().notNull().default(false),
    /** With modsOnly: this user may read it too (the author). */
    userId: integer14(),
    createdAt: createdAt()
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.seq] })]
);
var liveTopics = pgTable14(
  "live_topics",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    content: text14().notNull(),
    /** pending (moderated lives, until approved), approved, hidden. */
    status: text14().notNull(),
    pinned: boolean7().notNull().default(false),
    likeCount: integer14().notNull().default(0),
    answer: text14(),
    answeredAt: timestamp12({ withTimezone: true }),
    answeredBy: integer14().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt()
  },
  (t) => [
    index14("live_topics_live_idx").on(t.liveId, t.status, t.createdAt),
    index14("live_topics_user_idx").on(t.liveId, t.userId, t.createdAt),
    check5("live_topics_status_check", sql6`${t.status} in ('pending', 'approved', 'hidden')`),
    check5("live_topics_likes_check", sql6`${t.likeCount} >= 0`)
  ]
);
var liveTopicLikes = pgTable14(
  "live_topic_likes",
  {
    topicId: integer14().notNull().references(() => liveTopics.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey6({ columns: [t.topicId, t.userId] })]
);
var liveSigns = pgTable14(
  "live_signs",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    signedAt: timestamp12({ withTimezone: true }).notNull()
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.userId] }), index14("live_signs_time_idx").on(t.liveId, t.signedAt)]
);
var liveAccess = pgTable14(
  "live_access",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    grantedAt: timestamp12({ withTimezone: true }),
    failures: integer14().notNull().default(0),
    lockedUntil: timestamp12({ withTimezone: true })
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.userId] })]
);
var liveSlides = pgTable14(
  "live_slides",
  {
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    idx: integer14().notNull(),
    image: text14().notNull(),
    titleZh: text14().notNull().default(""),
    titleEn: text14()
  },
  (t) => [primaryKey6({ columns: [t.liveId, t.idx] })]
);
var liveSlideMarks = pgTable14(
  "live_slide_marks",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    idx: integer14().notNull(),
    at: timestamp12({ withTimezone: true }).notNull()
  },
  (t) => [index14("live_slide_marks_live_idx").on(t.liveId, t.at)]
);
var liveButtons = pgTable14(
  "live_buttons",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    titleZh: text14().notNull(),
    titleEn: text14(),
    action: jsonb2().$type().notNull(),
    sort: integer14().notNull().default(0)
  },
  (t) => [index14("live_buttons_live_idx").on(t.liveId, t.sort)]
);
var livePolls = pgTable14(
  "live_polls",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer14().notNull().references(() => lives.id, { onDelete: "cascade" }),
    question: text14().notNull(),
    multiple: boolean7().notNull().default(false),
    /** true while open, null once closed: the unique key then allows one open poll per live. */
    open: boolean7().default(true),
    createdBy: integer14().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    closedAt: timestamp12({ withTimezone: true })
  },
  (t) => [index14("live_polls_live_idx").on(t.liveId, t.createdAt), unique6("live_polls_one_open_uq").on(t.liveId, t.open)]
);
var livePollOptions = pgTable14(
  "live_poll_options",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    pollId: integer14().notNull().references(() => livePolls.id, { onDelete: "cascade" }),
    text: text14().notNull(),
    sort: integer14().notNull().default(0),
    votes: integer14().notNull().default(0)
  },
  (t) => [index14("live_poll_options_poll_idx").on(t.pollId, t.sort)]
);
var livePollVoters = pgTable14(
  "live_poll_voters",
  {
    pollId: integer14().notNull().references(() => livePolls.id, { onDelete: "cascade" }),
    userId: integer14().notNull().references(() => users.id, { onDelete: "cascade" }),
    optionIds: jsonb2().$type().notNull(),
    createdAt: createdAt()
  },
  (t) => [primaryKey6({ columns: [t.pollId, t.userId] })]
);
var recordings = pgTable14(
  "recordings",
  {
    id: integer14().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer14().references(() => lives.id, { onDelete: "set null" }),
    titleZh: text14().notNull(),
    titleEn: text14(),
    subTitleZh: text14().notNull().default(""),
    subTitleEn: text14(),
    banner: text14().notNull(),
    /** The instant second 0 of the recording corresponds to. */
    recordedAt: timestamp12({ withTimezone: true }).notNull(),
    durationS: integer14().notNull(),
    speakerId: integer14().references(() => speakers.id, { onDelete: "set null" }),
    /** False while the replay is being prepared. */
    ready: boolean7().notNull().default(true),
    status: text14().notNull().default("published"),
    createdAt: createdAt()
  },
  (t) => [unique6("recordings_live_uq").on(t.liveId), check5("recordings_duration_check", sql6`${t.durationS} > 0`)]
);
var recordingChapters = pgTable14(
  "recording_chapters",
  {
    recordingId: integer14().notNull().references(() => recordings.id, { onDelete: "cascade" }),
    atS: integer14().notNull(),
    titleZh: text14().notNull(),
    titleEn: text14()
  },
  (t) => [primaryKey6({ columns: [t.recordingId, t.atS] })]
);

// src/db/schema/media.ts
import { sql as sql7 } from "drizzle-orm";
import { boolean as boolean8, check as check6, index as index15, integer as integer15, jsonb as jsonb3, pgTable as pgTable15, primaryKey as primaryKey7, text as text15, timestamp as timestamp13, unique as unique7 } from "drizzle-orm/pg-core";
var mediaAssets = pgTable15(
  "media_assets",
  {
    id: integer15().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable name ("demo-a"), unique. */
    key: text15().notNull(),
    path: text15().notNull(),
    durationS: integer15().notNull(),
    /** HLS segment length in seconds (the live simulation loops whole segments). */
    segmentS: integer15().notNull(),
    /** Poster image, relative to `path`. */
    poster: text15().notNull(),
    subtitles: jsonb3().$type().notNull().default(sql7`'[]'::jsonb`),
    renditions: jsonb3().$type().notNull().default(sql7`'[]'::jsonb`),
    createdAt: createdAt()
  },
  (t) => [
    unique7("media_assets_key_uq").on(t.key),
    check6("media_assets_path_check", sql7`${t.path} ~ '^[a-z0-9][a-z0-9/_-]*$' and ${t.path} !~ '\\.\\.'`)
  ]
);
var mediaBindings = pgTable15(
  "media_bindings",
  {
    targetType: text15().notNull(),
    targetId: integer15().notNull(),
    assetId: integer15().notNull().references(() => mediaAssets.id, { onDelete: "cascade" })
  },
  (t) => [
    primaryKey7({ columns: [t.targetType, t.targetId] }),
    check6("media_bindings_type_check", sql7`${t.targetType} in ('chapter', 'replay', 'live', 'recording')`)
  ]
);
var liveStreams = pgTable15("live_streams", {
  liveId: integer15().primaryKey().references(() => lives.id, { onDelete: "cascade" }),
  streamName: text15().notNull(),
  streamKey: text15().notNull(),
  /** Playback needs a logged-in viewer (auth_url answers LOGIN_TO_WATCH to visitors). */
  loginRequired: boolean8().notNull().default(false),
  createdAt: createdAt()
});
var courseEntitlements = pgTable15(
  "course_entitlements",
  {
    id: integer15().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer15().notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: integer15().notNull().references(() => courses.id, { onDelete: "cascade" }),
    /** Where it came from: `order`, `gift`, `demo`, ... */
    source: text15().notNull(),
    grantedAt: timestamp13({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique7("course_entitlements_user_course_uq").on(t.userId, t.courseId)]
);
var watchLogs = pgTable15(
  "watch_logs",
  {
    userId: integer15().notNull().references(() => users.id, { onDelete: "cascade" }),
    moduleName: text15().notNull(),
    liveId: integer15().notNull().references(() => lives.id, { onDelete: "cascade" }),
    watchedS: integer15().notNull().default(0),
    sessionId: text15().notNull(),
    sessionPlayedS: integer15().notNull().default(0),
    lastBeatAt: timestamp13({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    primaryKey7({ columns: [t.userId, t.moduleName, t.liveId] }),
    index15("watch_logs_user_updated_idx").on(t.userId, t.updatedAt),
    check6("watch_logs_module_check", sql7`${t.moduleName} in ('live', 'vod')`)
  ]
);

// src/db/schema/rewards.ts
import { sql as sql8 } from "drizzle-orm";
import { bigint as bigint5, boolean as boolean9, check as check7, date as date2, index as index16, integer as integer16, pgEnum as pgEnum8, pgTable as pgTable16, text as text16, timestamp as timestamp14, unique as unique8, uniqueIndex } from "drizzle-orm/pg-core";
var scoreReason = pgEnum8("score_reason", ["sign_in", "voucher", "order_spend", "order_return", "merge", "adjust"]);
var scoreLogs = pgTable16(
  "score_logs",
  {
    id: integer16().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer16().notNull().references(() => users.id, { onDelete: "cascade" }),
    change: bigint5({ mode: "number" }).notNull(),
    balanceAfter: bigint5({ mode: "number" }).notNull(),
    reason: scoreReason().notNull(),
    /** What caused it (`sign_in` + a day, `order` + an order number, `voucher` + an id); with reason, the effect key. */
    refType: text16().notNull(),
    refId: text16().notNull(),
    memo: text16().notNull().default(""),
    createdAt: createdAt()
  },
  (t) => [
    // One effect applies once: a retried award or refund finds its row and changes nothing.
    unique8("score_logs_effect_uq").on(t.userId, t.reason, t.refType, t.refId),
    index16("score_logs_user_idx").on(t.userId, t.id),
    check7("score_logs_change_check", sql8`${t.change} <> 0`),
    check7("score_logs_balance_check", sql8`${t.balanceAfter} >= 0`)
  ]
);
var signIns = pgTable16(
  "sign_ins",
  {
    userId: integer16().notNull().references(() => users.id, { onDelete: "cascade" }),
    day: date2({ mode: "string" }).notNull(),
    streak: integer16().notNull(),
    points: integer16().notNull(),
    timezone: text16().notNull(),
    createdAt: createdAt()
  },
  (t) => [unique8("sign_ins_user_day_uq").on(t.userId, t.day)]
);
var voucherKind = pgEnum8("voucher_kind", ["coupon", "points", "course"]);
var voucherBatches = pgTable16(
  "voucher_batches",
  {
    id: integer16().primaryKey().generatedByDefaultAsIdentity(),
    kind: voucherKind().notNull(),
    count: integer16().notNull(),
    points: integer16(),
    courseId: integer16().references(() => courses.id, { onDelete: "restrict" }),
    /** money module's coupon campaign (no foreign key: that table belongs to another module). */
    couponCampaignId: integer16(),
    expiresAt: timestamp14({ withTimezone: true }),
    memo: text16().notNull().default(""),
    createdBy: integer16().notNull().references(() => users.id),
    createdAt: createdAt()
  },
  (t) => [
    check7(
      "voucher_batches_target_check",
      sql8`(${t.kind} = 'points' and ${t.points} > 0) or (${t.kind} = 'course' and ${t.courseId} is not null) or (${t.kind} = 'coupon' and ${t.couponCampaignId} is not null)`
    )
  ]
);
var voucherStatus = pgEnum8("voucher_status", ["unused", "redeemed"]);
var vouchers = pgTable16(
  "vouchers",
  {
    id: integer16().primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer16().notNull().references(() => voucherBatches.id, { onDelete: "cascade" }),
    codeHash: text16().notNull().unique(),
    status: voucherStatus().notNull().default("unused"),
    redeemedBy: integer16().references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp14({ withTimezone: true })
  },
  (t) => [index16("vouchers_batch_idx").on(t.batchId, t.status)]
);
var cardType = pgEnum8("card_type", ["debit", "credit"]);
var bankCards = pgTable16(
  "bank_cards",
  {
    id: integer16().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer16().notNull().references(() => users.id, { onDelete: "cascade" }),
    holderName: text16().notNull(),
    numberSealed: text16().notNull(),
    numberHash: text16().notNull(),
    bin: text16().notNull(),
    last4: text16().notNull(),
    numberLength: integer16().notNull(),
    bankCode: text16().notNull(),
    cardType: cardType().notNull(),
    /** E.164. */
    mobile: text16().notNull(),
    isDefault: boolean9().notNull().default(false),
    removedAt: timestamp14({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    uniqueIndex("bank_cards_user_number_uq").on(t.userId, t.numberHash).where(sql8`${t.removedAt} is null`),
    uniqueIndex("bank_cards_one_default_uq").on(t.userId).where(sql8`${t.isDefault} and ${t.removedAt} is null`)
  ]
);
var withdrawalStatus = pgEnum8("withdrawal_status", ["pending", "approved", "paid", "rejected", "failed"]);
var withdrawals = pgTable16(
  "withdrawals",
  {
    id: integer16().primaryKey().generatedByDefaultAsIdentity(),
    withdrawalNo: text16().notNull().unique(),
    userId: integer16().notNull().references(() => users.id),
    bankCardId: integer16().notNull().references(() => bankCards.id),
    amount: bigint5({ mode: "number" }).notNull(),
    status: withdrawalStatus().notNull().default("pending"),
    /** The day (in the requester's timezone) it counts against the daily limit. */
    day: date2({ mode: "string" }).notNull(),
    idempotencyKey: text16(),
    /** Hash of the request body under that key: the same key with another body is refused. */
    requestHash: text16(),
    rejectReason: text16(),
    reviewedBy: integer16().references(() => users.id),
    reviewedAt: timestamp14({ withTimezone: true }),
    /** The payout provider's reference once it took the transfer, and when it reported the result. */
    payoutRef: text16(),
    payoutAttempts: integer16().notNull().default(0),
    payoutNextAt: timestamp14({ withTimezone: true }),
    paidAt: timestamp14({ withTimezone: true }),
    failureReason: text16(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    unique8("withdrawals_user_key_uq").on(t.userId, t.idempotencyKey),
    index16("withdrawals_user_idx").on(t.userId, t.id),
    index16("withdrawals_status_idx").on(t.status, t.id),
    check7("withdrawals_amount_check", sql8`${t.amount} > 0`)
  ]
);

// src/db/schema/money.ts
import { sql as sql9 } from "drizzle-orm";
import { bigint as bigint6, boolean as boolean10, check as check8, index as index17, integer as integer17, jsonb as jsonb4, pgTable as pgTable17, primaryKey as primaryKey8, smallint as smallint3, text as text17, timestamp as timestamp15, unique as unique9, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var userRoles = pgTable17(
  "user_roles",
  {
    userId: integer17().notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text17().notNull(),
    createdAt: createdAt()
  },
  (t) => [primaryKey8({ columns: [t.userId, t.role] }), check8("user_roles_role_check", sql9`${t.role} in ('operator')`)]
);
var wallets = pgTable17(
  "wallets",
  {
    userId: integer17().primaryKey().references(() => users.id),
    balance: bigint6({ mode: "number" }).notNull().default(0),
    frozen: bigint6({ mode: "number" }).notNull().default(0),
    updatedAt: updatedAt()
  },
  (t) => [check8("wallets_balance_check", sql9`${t.balance} >= 0`), check8("wallets_frozen_check", sql9`${t.frozen} >= 0`)]
);
var walletTransactions = pgTable17(
  "wallet_transactions",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer17().notNull().references(() => users.id),
    type: text17().notNull(),
    /** Signed change of the balance. */
    amount: bigint6({ mode: "number" }).notNull(),
    /** Signed change of the frozen part. */
    frozenDelta: bigint6({ mode: "number" }).notNull().default(0),
    balanceAfter: bigint6({ mode: "number" }).notNull(),
    frozenAfter: bigint6({ mode: "number" }).notNull(),
    refType: text17().notNull(),
    refId: text17().notNull(),
    memo: text17().notNull().default(""),
    createdAt: createdAt()
  },
  (t) => [
    unique9("wallet_transactions_effect_uq").on(t.type, t.refType, t.refId),
    index17("wallet_transactions_user_idx").on(t.userId, t.id),
    check8(
      "wallet_transactions_type_check",
      sql9`${t.type} in ('recharge', 'purchase', 'refund', 'withdrawal', 'withdrawal_paid', 'reversal', 'adjustment')`
    ),
    check8("wallet_transactions_after_check", sql9`${t.balanceAfter} >= 0 and ${t.frozenAfter} >= 0`),
    check8("wallet_transactions_nonzero_check", sql9`${t.amount} <> 0 or ${t.frozenDelta} <> 0`)
  ]
);
var couponCampaigns = pgTable17(
  "coupon_campaigns",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    titleZh: text17().notNull(),
    titleEn: text17(),
    /** `amount`: value fen off; `discount`: value percent off, capped at max_discount. */
    kind: text17().notNull(),
    value: integer17().notNull(),
    maxDiscount: bigint6({ mode: "number" }),
    minSpend: bigint6({ mode: "number" }).notNull().default(0),
    scope: text17().notNull().default("all"),
    courseIds: jsonb4().$type().notNull().default([]),
    /** null = unlimited. `issued` counts claims; a conditional update keeps issued <= total. */
    total: integer17(),
    issued: integer17().notNull().default(0),
    perUserLimit: integer17().notNull().default(1),
    claimStartsAt: timestamp15({ withTimezone: true }).notNull(),
    claimEndsAt: timestamp15({ withTimezone: true }).notNull(),
    validDays: integer17().notNull(),
    validUntil: timestamp15({ withTimezone: true }),
    active: boolean10().notNull().default(true),
    createdBy: integer17().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt()
  },
  (t) => [
    check8("coupon_campaigns_kind_check", sql9`${t.kind} in ('amount', 'discount')`),
    check8("coupon_campaigns_value_check", sql9`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} < 100)`),
    check8("coupon_campaigns_scope_check", sql9`${t.scope} in ('all', 'courses')`),
    check8("coupon_campaigns_issued_check", sql9`${t.issued} >= 0 and (${t.total} is null or ${t.issued} <= ${t.total})`)
  ]
);
var coupons = pgTable17(
  "coupons",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer17().notNull().references(() => couponCampaigns.id),
    userId: integer17().notNull().references(() => users.id),
    status: text17().notNull().default("unused"),
    orderNo: text17(),
    validFrom: timestamp15({ withTimezone: true }).notNull(),
    validUntil: timestamp15({ withTimezone: true }).notNull(),
    claimedAt: timestamp15({ withTimezone: true }).notNull(),
    usedAt: timestamp15({ withTimezone: true })
  },
  (t) => [
    index17("coupons_user_idx").on(t.userId, t.status),
    index17("coupons_campaign_user_idx").on(t.campaignId, t.userId),
    check8("coupons_status_check", sql9`${t.status} in ('unused', 'reserved', 'used')`),
    check8("coupons_order_check", sql9`(${t.status} = 'unused') = (${t.orderNo} is null)`)
  ]
);
var orders = pgTable17(
  "orders",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text17().notNull().unique(),
    userId: integer17().notNull().references(() => users.id),
    /** `course` or `recharge`. */
    module: text17().notNull(),
    /** Course id; recharge option id (0 = a custom amount). */
    moduleId: integer17().notNull(),
    title: text17().notNull(),
    titleEn: text17(),
    originalAmount: bigint6({ mode: "number" }).notNull(),
    couponId: integer17().references(() => coupons.id),
    couponDiscount: bigint6({ mode: "number" }).notNull().default(0),
    pointsUsed: bigint6({ mode: "number" }).notNull().default(0),
    pointsDeduction: bigint6({ mode: "number" }).notNull().default(0),
    amount: bigint6({ mode: "number" }).notNull(),
    channel: text17().notNull(),
    status: text17().notNull().default("pending"),
    /** Which provider implementation took it (`sandbox`, `wechatpay-v3`, `alipay`). */
    provider: text17(),
    providerTxnId: text17(),
    /** What the payer's QR encodes, once the provider made the order. */
    codeUrl: text17().notNull().default(""),
    expiresAt: timestamp15({ withTimezone: true }).notNull(),
    paidAt: timestamp15({ withTimezone: true }),
    closedAt: timestamp15({ withTimezone: true }),
    refundedAt: timestamp15({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index17("orders_user_idx").on(t.userId, t.id),
    index17("orders_pending_idx").on(t.expiresAt).where(sql9`${t.status} = 'pending'`),
    uniqueIndex2("orders_provider_txn_uq").on(t.channel, t.providerTxnId),
    check8("orders_module_check", sql9`${t.module} in ('course', 'recharge')`),
    check8("orders_channel_check", sql9`${t.channel} in ('balance', 'wechat', 'alipay')`),
    check8("orders_status_check", sql9`${t.status} in ('pending', 'paid', 'closed', 'refunded')`),
    check8(
      "orders_amount_check",
      sql9`${t.amount} >= 0 and ${t.couponDiscount} >= 0 and ${t.pointsDeduction} >= 0 and ${t.amount} = ${t.originalAmount} - ${t.couponDiscount} - ${t.pointsDeduction}`
    ),
    check8("orders_paid_check", sql9`(${t.status} in ('paid', 'refunded')) = (${t.paidAt} is not null)`)
  ]
);
var paymentNotifications = pgTable17(
  "payment_notifications",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    channel: text17().notNull(),
    providerTxnId: text17().notNull(),
    orderNo: text17().notNull(),
    tradeState: text17().notNull(),
    amount: bigint6({ mode: "number" }).notNull(),
    /** What we did with it: `applied`, `ignored` (the order was no longer pending), `refund` (paid after close: refunded). */
    outcome: text17().notNull(),
    /** Later copies of the same notification. */
    duplicates: integer17().notNull().default(0),
    receivedAt: createdAt()
  },
  (t) => [unique9("payment_notifications_uq").on(t.channel, t.providerTxnId, t.tradeState)]
);
var idempotencyKeys = pgTable17(
  "idempotency_keys",
  {
    userId: integer17().notNull().references(() => users.id),
    key: text17().notNull(),
    /** sha256 of the endpoint name and the request body (pay password left out). */
    requestHash: text17().notNull(),
    response: jsonb4().notNull(),
    createdAt: createdAt()
  },
  (t) => [primaryKey8({ columns: [t.userId, t.key] }), index17("idempotency_keys_created_idx").on(t.createdAt)]
);
var refunds = pgTable17(
  "refunds",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    refundNo: text17().notNull().unique(),
    /** One full refund per order. */
    orderNo: text17().notNull().unique().references(() => orders.orderNo),
    amount: bigint6({ mode: "number" }).notNull(),
    channel: text17().notNull(),
    status: text17().notNull(),
    providerRefundId: text17(),
    reason: text17().notNull(),
    operatorId: integer17().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt()
  },
  (t) => [check8("refunds_status_check", sql9`${t.status} in ('success', 'processing', 'failed')`)]
);
var auditLog = pgTable17(
  "audit_log",
  {
    id: integer17().primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer17().references(() => users.id, { onDelete: "set null" }),
    action: text17().notNull(),
    target: text17().notNull(),
    before: jsonb4(),
    after: jsonb4(),
    createdAt: createdAt()
  },
  (t) => [index17("audit_log_action_idx").on(t.action, t.id), index17("audit_log_target_idx").on(t.target, t.id)]
);
var rechargeOptions = pgTable17("recharge_options", {
  id: integer17().primaryKey().generatedByDefaultAsIdentity(),
  amount: bigint6({ mode: "number" }).notNull(),
  sort: smallint3().notNull().default(0),
  active: boolean10().notNull().default(true)
});
var sandboxTrades = pgTable17(
  "sandbox_trades",
  {
    orderNo: text17().primaryKey(),
    channel: text17().notNull(),
    amount: bigint6({ mode: "number" }).notNull(),
    description: text17().notNull(),
    notifyUrl: text17().notNull(),
    /** pending → success | failed | closed; success → refunded. */
    state: text17().notNull().default("pending"),
    txnId: text17(),
    expiresAt: timestamp15({ withTimezone: true }).notNull(),
    paidAt: timestamp15({ withTimezone: true }),
    attempts: integer17().notNull().default(0),
    /** When the next notification is due; null = nothing to send (or acknowledged). */
    notifyAt: timestamp15({ withTimezone: true }),
    ackedAt: timestamp15({ withTimezone: true }),
    refundedAmount: bigint6({ mode: "number" }).notNull().default(0),
    createdAt: createdAt()
  },
  (t) => [index17("sandbox_trades_notify_idx").on(t.notifyAt).where(sql9`${t.notifyAt} is not null`)]
);

// src/db/client.ts
var options = { schema: schema_exports, casing: "snake_case" };
var stderrLogger = {
  error: (obj, msg) => console.error(`medportal: ${msg}`, obj)
};
async function openDatabase(config, log = stderrLogger) {
  return config.driver === "pglite" ? openPglite(config) : openPostgres(config, log);
}
async function openPglite({ dataDir, loadDataDir }) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? void 0, { relaxedDurability: true, ...loadDataDir ? { loadDataDir } : {} });
  const db = drizzlePglite({ client, ...options });
  return {
    db,
    driver: "pglite",
    migrationsSchema: "drizzle",
    // One embedded connection in one process (DATA_DIR is locked): nothing else can interleave.
    exclusive: (_name, fn) => fn(db),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close()
  };
}
var SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
async function openPostgres(config, log) {
  const schemaName = config.schema;
  if (schemaName !== void 0 && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`invalid PostgreSQL schema name: ${schemaName}`);
  }
  if (schemaName) {
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schemaName}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    idleTimeoutMillis: 3e4,
    ...schemaName ? { options: `-c search_path=${schemaName}` } : {}
  });
  pool.on("error", (err) => log.error({ err }, "idle PostgreSQL connection failed; the pool will open a new one"));
  const db = drizzlePg({ client: pool, ...options });
  return {
    db,
    driver: "postgres",
    migrationsSchema: schemaName ?? "drizzle",
    exclusive: async (name, fn) => {
      const conn = await pool.connect();
      const key = `medportal:${schemaName ?? "public"}:${name}`;
      try {
        await conn.query("select pg_advisory_lock(hashtext($1))", [key]);
        try {
          return await fn(drizzlePg({ client: conn, ...options }));
        } finally {
          await conn.query("select pg_advisory_unlock(hashtext($1))", [key]);
        }
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql10`select 1`);
    },
    close: async () => {
      if (schemaName && config.dropSchemaOnClose) {
        await pool.query(`drop schema if exists "${schemaName}" cascade`);
      }
      await pool.end();
      await config.afterClose?.();
    }
  };
}
function isEmbedded(db) {
  return db.$client instanceof PGlite;
}
async function queryRows(db, query) {
  const result = await db.execute(query);
  return result.rows;
}
async function preparedRows(db, name, query) {
  const client = db.$client;
  if (!(client instanceof pg.Pool)) return queryRows(db, query);
  const q = db.dialect.sqlToQuery(query);
  const result = await client.query({ name, text: q.sql, values: q.params });
  return result.rows;
}

// src/db/migrate.ts
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";

// src/paths.ts
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
function serverRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && readFileSync(pkg, "utf8").includes('"@medportal/server"')) return dir;
    dir = dirname(dir);
  }
  throw new Error(`cannot locate the @medportal/server package above ${fileURLToPath(import.meta.url)}`);
}
var migrationsDir = () => join(serverRoot(), "drizzle");
var defaultWebDist = () => resolve(serverRoot(), "../web/dist");

// src/db/data/index.ts
import { eq as eq2 } from "drizzle-orm";

// src/db/data/mobile-e164.ts
import { and, eq, gt, like, not, sql as sql11 } from "drizzle-orm";

// src/lib/phone.ts
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
var callingCodes = null;
function knownCallingCode(code) {
  callingCodes ??= new Set(getCountries().map((c) => String(getCountryCallingCode(c))));
  return callingCodes.has(code);
}
function canonicalCountryCode(input) {
  const m = /^\+?0*([1-9]\d{0,3})$/.exec(input.trim());
  const code = m?.[1];
  return code && knownCallingCode(code) ? code : null;
}
var SMS_TYPES = /* @__PURE__ */ new Set(["MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"]);
function canonicalMobile(mobile, countryCode) {
  const cc = canonicalCountryCode(countryCode);
  const digits = mobile.trim();
  if (!cc || !/^\d{4,17}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: cc });
  if (!parsed || parsed.countryCallingCode !== cc || !parsed.isValid()) return null;
  if (!SMS_TYPES.has(parsed.getType() ?? "")) return null;
  return { e164: parsed.number, countryCode: cc, national: parsed.nationalNumber };
}
function parseE164(value) {
  if (!/^\+\d{5,16}$/.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed) return null;
  return { e164: parsed.number, countryCode: parsed.countryCallingCode, national: parsed.nationalNumber };
}

// src/db/data/mobile-e164.ts
function e164Of(value) {
  if (value.startsWith("+")) return parseE164(value)?.e164 ?? null;
  const dash = value.indexOf("-");
  if (dash <= 0) return null;
  return canonicalMobile(value.slice(dash + 1), value.slice(0, dash))?.e164 ?? null;
}
var masked = (e164) => `${e164.slice(0, 5)}****${e164.slice(-4)}`;
async function mobileIdentitiesToE164(tx, log) {
  const rows = await tx.select({ id: userIdentities.id, userId: userIdentities.userId, value: userIdentities.value, status: users.status }).from(userIdentities).innerJoin(users, eq(users.id, userIdentities.userId)).where(eq(userIdentities.kind, "mobile")).orderBy(userIdentities.id);
  const groups = /* @__PURE__ */ new Map();
  let converted = 0;
  let duplicates = 0;
  for (const r of rows) {
    const e164 = e164Of(r.value);
    if (!e164) {
      log.warn({ identity_id: r.id, user_id: r.userId }, "mobile identity is not a valid mobile number of its country: left as it was");
      continue;
    }
    groups.set(e164, [...groups.get(e164) ?? [], r]);
  }
  for (const [e164, members] of groups) {
    const holder = members.find((m) => m.value === e164) ?? members.find((m) => m.status === "active") ?? members[0];
    if (!holder) continue;
    if (holder.value !== e164) {
      await tx.update(userIdentities).set({ value: e164 }).where(eq(userIdentities.id, holder.id));
      converted += 1;
    }
    const others = members.filter((m) => m !== holder);
    if (others.length > 0) {
      duplicates += 1;
      log.warn(
        { mobile: masked(e164), kept_identity_id: holder.id, kept_user_id: holder.userId, other_identity_ids: others.map((o) => o.id), other_user_ids: others.map((o) => o.userId) },
        "one mobile number is held by several accounts under different spellings: the others were left unchanged for an operator to merge"
      );
    }
  }
  const since = sql11`now() - interval '1 day'`;
  const recipients = await tx.selectDistinct({ recipient: verificationCodes.recipient }).from(verificationCodes).where(and(eq(verificationCodes.channel, "sms"), not(like(verificationCodes.recipient, "+%")), gt(verificationCodes.createdAt, since)));
  for (const { recipient } of recipients) {
    const e164 = e164Of(recipient);
    if (e164) await tx.update(verificationCodes).set({ recipient: e164 }).where(eq(verificationCodes.recipient, recipient));
  }
  if (rows.length > 0) log.info({ identities: rows.length, converted, duplicates }, "mobile numbers stored in E.164");
}

// src/db/data/index.ts
var consoleMigrationLog = {
  info: (obj, msg) => process.stdout.write(`medportal: ${msg} ${JSON.stringify(obj)}
`),
  warn: (obj, msg) => console.warn(`medportal: ${msg} ${JSON.stringify(obj)}`)
};
var DATA_MIGRATIONS = [
  { name: "mobile_e164", run: mobileIdentitiesToE164 }
];
async function runDataMigrations(db, log) {
  for (const m of DATA_MIGRATIONS) {
    const key = `data_migration:${m.name}`;
    const [done] = await db.select({ key: appMeta.key }).from(appMeta).where(eq2(appMeta.key, key));
    if (done) continue;
    await db.transaction(async (tx) => {
      await m.run(tx, log);
      await tx.insert(appMeta).values({ key, value: (/* @__PURE__ */ new Date()).toISOString() });
    });
  }
}

// src/db/migrate.ts
async function runMigrations(database, log = consoleMigrationLog) {
  const config = { migrationsFolder: migrationsDir(), migrationsSchema: database.migrationsSchema };
  await database.exclusive("migrate", async (db) => {
    if (database.driver === "pglite") await migratePglite(db, config);
    else await migratePg(db, config);
    await runDataMigrations(db, log);
  });
}

// src/seed/department-tree.ts
import { count, eq as eq3, isNull, and as and2, sql as sql12 } from "drizzle-orm";

// src/seed/data/department-tree.ts
var DEPARTMENT_TREE = [
  {
    slug: "internal-medicine",
    zh: "\u5185\u79D1",
    en: "Internal Medicine",
    children: [
      { slug: "cardiology", zh: "\u5FC3\u8840\u7BA1\u5185\u79D1", en: "Cardiology" },
      { slug: "respiratory", zh: "\u547C\u5438\u4E0E\u5371\u91CD\u75C7\u533B\u5B66\u79D1", en: "Pulmonary & Critical Care Medicine" },
      { slug: "gastroenterology", zh: "\u6D88\u5316\u5185\u79D1", en: "Gastroenterology" },
      { slug: "hematology", zh: "\u8840\u6DB2\u79D1", en: "Hematology" },
      { slug: "oncology", zh: "\u80BF\u7624\u79D1", en: "Oncology" },
      { slug: "neurology", zh: "\u795E\u7ECF\u5185\u79D1", en: "Neurology" },
      { slug: "endocrinology", zh: "\u5185\u5206\u6CCC\u79D1", en: "Endocrinology" },
      { slug: "nephrology", zh: "\u80BE\u5185\u79D1", en: "Nephrology" },
      { slug: "rheumatology", zh: "\u98CE\u6E7F\u514D\u75AB\u79D1", en: "Rheumatology & Immunology" },
      { slug: "infectious", zh: "\u611F\u67D3\u79D1", en: "Infectious Diseases" },
      { slug: "geriatrics", zh: "\u8001\u5E74\u533B\u5B66\u79D1", en: "Geriatrics" }
    ]
  },
  {
    slug: "surgery",
    zh: "\u5916\u79D1",
    en: "Surgery",
    children: [
      { slug: "general-surgery", zh: "\u666E\u901A\u5916\u79D1", en: "General Surgery" },
      { slug: "hepatobiliary-surgery", zh: "\u809D\u80C6\u5916\u79D1", en: "Hepatobiliary Surgery" },
      { slug: "gastrointestinal-surgery", zh: "\u80C3\u80A0\u5916\u79D1", en: "Gastrointestinal Surgery" },
      { slug: "thoracic-surgery", zh: "\u80F8\u5916\u79D1", en: "Thoracic Surgery" },
      { slug: "cardiac-surgery", zh: "\u5FC3\u810F\u5927\u8840\u7BA1\u5916\u79D1", en: "Cardiovascular Surgery" },
      { slug: "neurosurgery", zh: "\u795E\u7ECF\u5916\u79D1", en: "Neurosurgery" },
      { slug: "orthopedics", zh: "\u9AA8\u79D1", en: "Orthopaedics" },
      { slug: "urology", zh: "\u6CCC\u5C3F\u5916\u79D1", en: "Urology" },
      { slug: "breast-surgery", zh: "\u4E73\u817A\u5916\u79D1", en: "Breast Surgery" },
      { slug: "plastic-surgery", zh: "\u6574\u5F62\u5916\u79D1", en: "Plastic Surgery" }
    ]
  },
  {
    slug: "obstetrics-gynecology",
    zh: "\u5987\u4EA7\u79D1",
    en: "Obstetrics & Gynaecology",
    children: [
      { slug: "gynecology", zh: "\u5987\u79D1", en: "Gynaecology" },
      { slug: "obstetrics", zh: "\u4EA7\u79D1", en: "Obstetrics" },
      { slug: "reproductive-medicine", zh: "\u751F\u6B96\u533B\u5B66\u79D1", en: "Reproductive Medicine" }
    ]
  },
  {
    slug: "pediatrics",
    zh: "\u513F\u79D1",
    en: "Paediatrics",
    children: [
      { slug: "pediatric-medicine", zh: "\u513F\u5185\u79D1", en: "Paediatric Medicine" },
      { slug: "pediatric-surgery", zh: "\u513F\u5916\u79D1", en: "Paediatric Surgery" },
      { slug: "neonatology", zh: "\u65B0\u751F\u513F\u79D1", en: "Neonatology" }
    ]
  },
  {
    slug: "medical-technology",
    zh: "\u533B\u6280\u79D1\u5BA4",
    en: "Diagnostic Departments",
    children: [
      { slug: "radiology", zh: "\u653E\u5C04\u79D1", en: "Radiology" },
      { slug: "ultrasound", zh: "\u8D85\u58F0\u533B\u5B66\u79D1", en: "Ultrasound Medicine" },
      { slug: "pathology", zh: "\u75C5\u7406\u79D1", en: "Pathology" },
      { slug: "laboratory-medicine", zh: "\u68C0\u9A8C\u79D1", en: "Laboratory Medicine" },
      { slug: "nuclear-medicine", zh: "\u6838\u533B\u5B66\u79D1", en: "Nuclear Medicine" }
    ]
  },
  {
    slug: "other-clinical",
    zh: "\u5176\u4ED6\u4E34\u5E8A\u79D1\u5BA4",
    en: "Other Clinical Departments",
    children: [
      { slug: "emergency", zh: "\u6025\u8BCA\u79D1", en: "Emergency Medicine" },
      { slug: "critical-care", zh: "\u91CD\u75C7\u533B\u5B66\u79D1", en: "Critical Care Medicine" },
      { slug: "anesthesiology", zh: "\u9EBB\u9189\u79D1", en: "Anaesthesiology" },
      { slug: "dermatology", zh: "\u76AE\u80A4\u79D1", en: "Dermatology" },
      { slug: "ophthalmology", zh: "\u773C\u79D1", en: "Ophthalmology" },
      { slug: "otolaryngology", zh: "\u8033\u9F3B\u54BD\u5589\u79D1", en: "Otolaryngology" },
      { slug: "stomatology", zh: "\u53E3\u8154\u79D1", en: "Stomatology" },
      { slug: "psychiatry", zh: "\u7CBE\u795E\u5FC3\u7406\u79D1", en: "Psychiatry & Psychology" },
      { slug: "rehabilitation", zh: "\u5EB7\u590D\u533B\u5B66\u79D1", en: "Rehabilitation Medicine" },
      { slug: "traditional-chinese-medicine", zh: "\u4E2D\u533B\u79D1", en: "Traditional Chinese Medicine" },
      { slug: "general-practice", zh: "\u5168\u79D1\u533B\u5B66\u79D1", en: "General Practice" }
    ]
  },
  {
    slug: "pharmacy-nursing",
    zh: "\u836F\u5B66\u4E0E\u62A4\u7406",
    en: "Pharmacy & Nursing",
    children: [
      { slug: "clinical-pharmacy", zh: "\u4E34\u5E8A\u836F\u5B66", en: "Clinical Pharmacy" },
      { slug: "nursing", zh: "\u62A4\u7406\u90E8", en: "Nursing" }
    ]
  }
];
function departmentRows(leaves) {
  const ids = new Map(leaves.map((d, i) => [d.slug, i + 1]));
  let next = leaves.length + 1;
  const idOf = (slug) => {
    let id = ids.get(slug);
    if (id === void 0) {
      id = next++;
      ids.set(slug, id);
    }
    return id;
  };
  const rows = [];
  DEPARTMENT_TREE.forEach((g, gi) => {
    const gid = idOf(g.slug);
    rows.push({ id: gid, slug: g.slug, parentId: null, nameZh: g.zh, nameEn: g.en, sort: gi });
    g.children.forEach((c, ci) => rows.push({ id: idOf(c.slug), slug: c.slug, parentId: gid, nameZh: c.zh, nameEn: c.en, sort: ci }));
  });
  leaves.forEach((d) => {
    if (!rows.some((r) => r.slug === d.slug)) rows.push({ id: idOf(d.slug), slug: d.slug, parentId: null, nameZh: d.zh, nameEn: d.en, sort: 100 });
  });
  return rows.sort((a, b) => a.id - b.id);
}

// src/seed/department-tree.ts
async function ensureDepartmentTree(db) {
  const [total] = await db.select({ n: count() }).from(departments);
  if (!total || total.n === 0) return;
  const [grouped] = await db.select({ n: count() }).from(departments).where(eq3(departments.slug, "internal-medicine"));
  const [orphans] = await db.select({ n: count() }).from(departments).where(and2(isNull(departments.parentId), sql12`${departments.slug} in (${sql12.join(DEPARTMENT_TREE.flatMap((g) => g.children.map((c) => sql12`${c.slug}`)), sql12`, `)})`));
  if ((grouped?.n ?? 0) > 0 && (orphans?.n ?? 0) === 0) return;
  await db.transaction(async (tx) => {
    for (const [gi, g] of DEPARTMENT_TREE.entries()) {
      await tx.insert(departments).values({ slug: g.slug, nameZh: g.zh, nameEn: g.en, sort: gi }).onConflictDoNothing({ target: departments.slug });
      const [group] = await tx.select({ id: departments.id }).from(departments).where(eq3(departments.slug, g.slug));
      if (!group) continue;
      await tx.insert(departments).values(g.children.map((c, ci) => ({ slug: c.slug, nameZh: c.zh, nameEn: c.en, sort: ci, parentId: group.id }))).onConflictDoUpdate({ target: departments.slug, set: { parentId: group.id } });
    }
  });
}

// src/seed/index.ts
import { count as count5, eq as eq16, getTableName, sql as sql21 } from "drizzle-orm";

// src/modules/search/search.indexer.ts
import { and as and3, eq as eq4, sql as sql13 } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";

// src/modules/search/tokenizer.ts
var HAN = new RegExp("\\p{Script=Han}", "u");
var WORD = /[\p{L}\p{N}\p{M}]+/gu;
var HAN_SPLIT = new RegExp("\\p{Script=Han}+|[^\\p{Script=Han}]+", "gu");
var MAX_WORD = 60;
var MAX_QUERY_PIECES = 16;
var segmenter = new Intl.Segmenter("zh", { granularity: "word" });
function normalize(text18) {
  return text18.normalize("NFKC").toLowerCase();
}
function runs(text18) {
  const out = [];
  for (const m of normalize(text18).matchAll(WORD)) {
    const word = m[0];
    if (!HAN.test(word)) {
      out.push({ text: word, han: false });
      continue;
    }
    for (const part of word.matchAll(HAN_SPLIT)) out.push({ text: part[0], han: HAN.test(part[0]) });
  }
  return out;
}
var NEEDS_ESCAPE = /['\\]/;
function quote(lexeme) {
  return NEEDS_ESCAPE.test(lexeme) ? `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'` : `'${lexeme}'`;
}
function documentLexemes(text18) {
  const lexemes = /* @__PURE__ */ new Set();
  for (const run of runs(text18)) {
    if (!run.han) {
      lexemes.add(run.text.length > MAX_WORD ? run.text.slice(0, MAX_WORD) : run.text);
      continue;
    }
    const chars = [...run.text];
    for (const c of chars) lexemes.add(c);
    for (let i = 0; i + 1 < chars.length; i++) lexemes.add(`${chars[i]}${chars[i + 1]}`);
  }
  return lexemes;
}
function documentVector(text18) {
  let out = "";
  for (const l of documentLexemes(text18)) out += out ? ` ${quote(l)}` : quote(l);
  return out;
}
var VECTOR_LEXEME = /'((?:[^']|'')*)'/gu;
function vectorLexemes(vector) {
  if (vector.length < 2) return [];
  if (!vector.includes("''") && !vector.includes("\\")) return vector.slice(1, -1).split("' '");
  const out = [];
  for (const m of vector.matchAll(VECTOR_LEXEME)) out.push(m[1].replace(/''/g, "'").replace(/\\(.)/gu, "$1"));
  return out;
}
function hanPieces(run) {
  const words = [...segmenter.segment(run)].map((s) => s.segment);
  const pieces = [];
  let open = false;
  for (const w of words) {
    const single = [...w].length === 1;
    const last = pieces.length - 1;
    if (last >= 0 && open && (single || [...pieces[last]].length === 1)) {
      pieces[last] += w;
      open = false;
    } else {
      pieces.push(w);
      open = true;
    }
  }
  for (let i = pieces.length - 1; i > 0; i--) {
    if ([...pieces[i]].length === 1) pieces.splice(i - 1, 2, `${pieces[i - 1]}${pieces[i]}`);
  }
  if (pieces.length > 1 && [...pieces[0]].length === 1) pieces.splice(0, 2, `${pieces[0]}${pieces[1]}`);
  return pieces;
}
function bigramsOf(piece) {
  const chars = [...piece];
  if (chars.length === 1) return [piece];
  const grams = /* @__PURE__ */ new Set();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(`${chars[i]}${chars[i + 1]}`);
  return [...grams];
}
function termLexemes(text18) {
  const q = parseQuery(text18);
  return q.prefix === null ? q.lexemes : [...q.lexemes, q.prefix];
}
function withTranslations(q, glossary) {
  const have = new Set(q.prefix === null ? q.lexemes : [...q.lexemes, q.prefix]);
  const taken = /* @__PURE__ */ new Set();
  const either = [];
  const sides = glossary.flatMap((t) => {
    const zh = termLexemes(t.zh);
    const en = termLexemes(t.en);
    return zh.length && en.length ? [{ own: zh, other: en }, { own: en, other: zh }] : [];
  });
  sides.sort((a, b) => b.own.length - a.own.length);
  for (const { own, other } of sides) {
    if (!own.every((l) => have.has(l) && !taken.has(l))) continue;
    for (const l of own) taken.add(l);
    either.push([own, other]);
  }
  if (either.length === 0) return q;
  return {
    lexemes: q.lexemes.filter((l) => !taken.has(l)),
    prefix: q.prefix !== null && taken.has(q.prefix) ? null : q.prefix,
    terms: q.terms,
    either
  };
}
function parseQuery(keyword2) {
  const pieces = [];
  for (const run of runs(keyword2)) {
    if (run.han) for (const piece of hanPieces(run.text)) pieces.push({ text: piece, han: true });
    else pieces.push({ text: run.text.slice(0, MAX_WORD), han: false });
  }
  const used = pieces.slice(0, MAX_QUERY_PIECES);
  const last = used.at(-1);
  const prefix = last && !last.han ? last.text : null;
  const lexemes = /* @__PURE__ */ new Set();
  for (const p of prefix ? used.slice(0, -1) : used) for (const l of p.han ? bigramsOf(p.text) : [p.text]) lexemes.add(l);
  return { lexemes: [...lexemes], prefix, terms: [...new Set(used.map((p) => p.text))] };
}
var isEmptyQuery = (q) => q.lexemes.length === 0 && q.prefix === null && !q.either?.length;
var isHan = (lexeme) => HAN.test(lexeme);
function suggestKey(text18) {
  return normalize(text18).replace(/\s+/gu, " ").trim();
}
function excerpt(text18, terms, width = 120) {
  const plain = text18.replace(/\s+/gu, " ").trim();
  const chars = [...plain];
  if (chars.length <= width) return plain;
  const hay = normalize(plain);
  let first = -1;
  for (const t of terms) {
    const i = hay.indexOf(t);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const firstChar = first < 0 ? 0 : [...plain.slice(0, first)].length;
  const start = Math.max(0, Math.min(firstChar - Math.floor(width / 4), chars.length - width));
  const end = Math.min(chars.length, start + width);
  return `${start > 0 ? "\u2026" : ""}${chars.slice(start, end).join("")}${end < chars.length ? "\u2026" : ""}`;
}
function htmlToText(html) {
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/giu, " ").replace(/<[^>]*>/gu, " ").replace(/&nbsp;/gu, " ").replace(/&lt;/gu, "<").replace(/&gt;/gu, ">").replace(/&quot;/gu, '"').replace(/&#39;/gu, "'").replace(/&amp;/gu, "&").replace(/\s+/gu, " ").trim();
}

// src/modules/search/search.indexer.ts
var listeners = /* @__PURE__ */ new Set();
function onIndexWrite(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
async function notify(db) {
  for (const l of listeners) await l(db);
}
var CHANGES_KEPT = sql13`interval '1 day'`;
var STORED_TEXT = 1500;
var INDEXED_TEXT = 6e3;
var BATCH = 500;
function sourceQuery(module, cond) {
  switch (module) {
    case "course":
      return sql13`select x.id as item_id, x.title_zh, x.title_en, x.summary_zh as text_zh, x.summary_en as text_en,
          concat_ws(' ', sp.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, d.name_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.learn_count as popularity,
          x.status = 'published' as visible, false as html
        from courses x left join speakers sp on sp.id = x.speaker_id left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case "live":
      return sql13`select x.id as item_id, x.title_zh, x.title_en, x.sub_title_zh as text_zh, x.sub_title_en as text_en,
          concat_ws(' ', sp.name_zh, o.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, o.name_en, d.name_en) as extra_en,
          x.banner as cover, x.start_at as published_at, x.start_at as ranked_at, 0 as popularity,
          x.status = 'published' as visible, false as html
        from lives x left join speakers sp on sp.id = x.speaker_id left join organizers o on o.id = x.organizer_id
          left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case "news":
      return sql13`select x.id as item_id, x.title_zh, x.title_en,
          concat_ws(' ', x.description_zh, left(x.body_zh, ${INDEXED_TEXT})) as text_zh,
          case when x.body_en is null and x.description_en is null then null
            else concat_ws(' ', x.description_en, left(x.body_en, ${INDEXED_TEXT})) end as text_en,
          concat_ws(' ', x.author_zh, x.source_zh, c.title_zh) as extra_zh, concat_ws(' ', x.author_en, x.source_en, c.title_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.view_count as popularity,
          x.status = 'published' and c.status = 'published' as visible, true as html
        from news x join news_categories c on c.id = x.category_id
        where ${cond} order by x.id limit ${BATCH}`;
    case "speaker":
      return sql13`select x.id as item_id, x.name_zh as title_zh, x.name_en as title_en, x.intro_zh as text_zh, x.intro_en as text_en,
          concat_ws(' ', x.title_zh, h.name_zh, o.name_zh) as extra_zh, concat_ws(' ', x.title_en, h.name_en, o.name_en) as extra_en,
          x.avatar as cover, null::timestamptz as published_at, x.created_at as ranked_at, x.follower_count as popularity,
          x.status = 'published' as visible, false as html
        from speakers x left join hospitals h on h.id = x.hospital_id left join organizers o on o.id = x.organization_id
        where ${cond} order by x.id limit ${BATCH}`;
    case "paper":
      return sql13`select x.id as item_id, x.title_zh, x.title_en, x.abstract_zh as text_zh, x.abstract_en as text_en,
          concat_ws(' ', x.full_journal, x.doi) as extra_zh, null as extra_en,
          '' as cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, 0 as popularity,
          x.status = 'published' as visible, false as html
        from papers x
        where ${cond} order by x.id limit ${BATCH}`;
    case "column":
      return sql13`select x.id as item_id, x.title_zh, x.title_en, x.desc_zh as text_zh, x.desc_en as text_en,
          null as extra_zh, null as extra_en,
          x.cover, null::timestamptz as published_at, x.created_at as ranked_at,
          (select count(*) from column_subscriptions s where s.column_id = x.id) as popularity,
          x.status = 'published' as visible, false as html
        from columns x
        where ${cond} order by x.id limit ${BATCH}`;
  }
}
var DAY_MS = 864e5;
function boostOf(rankedAt, popularity) {
  const days = rankedAt ? rankedAt.getTime() / DAY_MS : 0;
  return days + 30 * Math.log10(1 + Math.max(0, popularity));
}
var toDate = (v) => v === null ? null : v instanceof Date ? v : new Date(v);
var clip = (s, n) => s.length > n ? s.slice(0, n) : s;
function documentOf(module, r) {
  const plain = (s) => s === null ? null : clip(r.html ? htmlToText(clip(s, INDEXED_TEXT * 2)) : s, INDEXED_TEXT);
  const textZh = plain(r.text_zh) ?? "";
  const textEn = plain(r.text_en);
  const popularity = Number(r.popularity ?? 0);
  const titles = [r.title_zh, r.title_en ?? ""].join("\n");
  const bodies = [textZh, r.extra_zh ?? "", textEn ?? "", r.extra_en ?? ""].join("\n");
  const boost = boostOf(toDate(r.ranked_at), popularity);
  return {
    module,
    itemId: r.item_id,
    titleZh: r.title_zh,
    titleEn: r.title_en || null,
    bodyZh: clip(textZh, STORED_TEXT),
    bodyEn: textEn ? clip(textEn, STORED_TEXT) : null,
    cover: r.cover ?? "",
    titleTsv: documentVector(titles),
    bodyTsv: documentVector(bodies),
    publishedAt: toDate(r.published_at),
    popularity,
    boost,
    visible: r.visible,
    updatedAt: /* @__PURE__ */ new Date()
  };
}
var col = (rows, pick2) => sql13.param(rows.map(pick2));
var SHADOW = sql13.raw("search_documents_next");
async function insertBatch(db, docs, idSequence) {
  if (docs.length === 0) return;
  await db.execute(sql13`insert into ${SHADOW}
      (id, module, item_id, title_zh, title_en, body_zh, body_en, cover, title_tsv, body_tsv, published_at, popularity, boost, visible)
    select coalesce(d.id, nextval(${idSequence}::regclass)), u.* from unnest(${col(docs, (d) => d.module)}::text[], ${col(docs, (d) => d.itemId)}::int[],
      ${col(docs, (d) => d.titleZh)}::text[], ${col(docs, (d) => d.titleEn)}::text[], ${col(docs, (d) => d.bodyZh)}::text[],
      ${col(docs, (d) => d.bodyEn)}::text[], ${col(docs, (d) => d.cover)}::text[], ${col(docs, (d) => d.titleTsv)}::tsvector[],
      ${col(docs, (d) => d.bodyTsv)}::tsvector[], ${col(docs, (d) => d.publishedAt?.toISOString() ?? null)}::timestamptz[],
      ${col(docs, (d) => d.popularity)}::int[], ${col(docs, (d) => d.boost)}::float8[], ${col(docs, (d) => d.visible)}::bool[])
      as u(module, item_id, title_zh, title_en, body_zh, body_en, cover, title_tsv, body_tsv, published_at, popularity, boost, visible)
    left join search_documents d on d.module = u.module and d.item_id = u.item_id`);
}
var SWAP_LOCK_TIMEOUT = "1s";
var SWAP_ATTEMPTS = 60;
var SWAP_PAUSE_MS = 250;
var LOCK_NOT_AVAILABLE = "55P03";
var errorCode = (err) => {
  for (let e = err; e && typeof e === "object"; e = e.cause) {
    if ("code" in e) return e.code;
  }
  return void 0;
};
async function swapIn(db, from) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const [setting] = await queryRows(tx, sql13`select current_setting('lock_timeout') as v`);
        await tx.execute(sql13`select set_config('lock_timeout', ${SWAP_LOCK_TIMEOUT}, true)`);
        await tx.execute(sql13`lock table search_documents in access exclusive mode`);
        await tx.execute(sql13`select set_config('lock_timeout', ${setting?.v ?? "0"}, true)`);
        const changed = sql13`(select distinct module, item_id from search_changes where xid >= ${from}::xid8 and module <> '*')`;
        await tx.execute(sql13`delete from ${SHADOW} n using ${changed} c where n.module = c.module and n.item_id = c.item_id`);
        await tx.execute(sql13`insert into ${SHADOW} select d.* from search_documents d join ${changed} c on d.module = c.module and d.item_id = c.item_id`);
        const indexes = await queryRows(
          tx,
          sql13`select c.relname as name, i.indrelid = 'search_documents'::regclass as live,
              regexp_replace(pg_get_indexdef(i.indexrelid), '^(CREATE (UNIQUE )?INDEX )\S+ ON \S+ ', '\1') as key
            from pg_index i join pg_class c on c.oid = i.indexrelid
            where i.indrelid in ('search_documents'::regclass, 'search_documents_next'::regclass)`
        );
        const [ids] = await queryRows(
          tx,
          sql13`select greatest((select coalesce(max(id), 0) from ${SHADOW}),
            (select last_value from ${sql13.raw("search_documents_id_seq")})) + 1 as next`
        );
        await tx.execute(sql13`drop table search_documents`);
        await tx.execute(sql13`alter table ${SHADOW} rename to search_documents`);
        const liveName = new Map(indexes.filter((i) => i.live).map((i) => [i.key, i.name]));
        for (const i of indexes.filter((x) => !x.live)) {
          const name = liveName.get(i.key);
          if (name && name !== i.name) await tx.execute(sql13`alter index ${sql13.identifier(i.name)} rename to ${sql13.identifier(name)}`);
        }
        await tx.execute(sql13`alter sequence search_documents_next_id_seq rename to search_documents_id_seq`);
        await tx.execute(sql13`select setval('search_documents_id_seq', ${ids?.next ?? "1"}::bigint, false)`);
        await tx.insert(searchChanges).values({ module: "*", itemId: 0 });
        await tx.delete(searchChanges).where(sql13`${searchChanges.at} < now() - ${CHANGES_KEPT}`);
      });
      return;
    } catch (err) {
      if (errorCode(err) !== LOCK_NOT_AVAILABLE || attempt >= SWAP_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, SWAP_PAUSE_MS));
    }
  }
}
async function build(db, modules) {
  const [start] = await queryRows(
    db,
    sql13`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon, pg_get_serial_sequence('search_documents', 'id') as seq`
  );
  if (!start) throw new Error("no snapshot horizon");
  await db.execute(sql13`drop table if exists ${SHADOW}`);
  await db.execute(sql13`create table ${SHADOW} (like search_documents including all)`);
  try {
    let written = 0;
    for (const module of modules) {
      let after = 0;
      for (; ; ) {
        const rows = await queryRows(db, sourceQuery(module, sql13`x.id > ${after}`));
        if (rows.length === 0) break;
        await insertBatch(
          db,
          rows.map((r) => documentOf(module, r)),
          start.seq
        );
        written += rows.length;
        after = rows[rows.length - 1].item_id;
        if (rows.length < BATCH) break;
      }
    }
    await db.execute(sql13`analyze ${SHADOW}`);
    await swapIn(db, start.horizon);
    return written;
  } catch (err) {
    if (!(db instanceof PgTransaction)) await db.execute(sql13`drop table if exists ${SHADOW}`).catch(() => void 0);
    throw err;
  }
}
var embeddedRebuild = Promise.resolve();
async function rebuildSearchIndex(db, modules = SEARCH_MODULES) {
  let written;
  if (db instanceof PgTransaction) {
    written = await build(db, modules);
  } else if (isEmbedded(db)) {
    const run = embeddedRebuild.then(() => build(db, modules));
    embeddedRebuild = run.catch(() => void 0);
    written = await run;
  } else {
    written = await db.transaction(async (tx) => {
      await tx.execute(sql13`select pg_advisory_xact_lock(hashtext('medportal:search-rebuild'))`);
      return build(tx, modules);
    });
  }
  await notify(db);
  return written;
}
async function ensureSearchIndex(db) {
  const [doc] = await queryRows(db, sql13`select 1 as n from search_documents limit 1`);
  if (doc) return false;
  const [content] = await queryRows(
    db,
    sql13`select 1 as n where exists (select 1 from courses) or exists (select 1 from news) or exists (select 1 from lives)
      or exists (select 1 from speakers) or exists (select 1 from papers) or exists (select 1 from columns)`
  );
  if (!content) return false;
  await rebuildSearchIndex(db);
  return true;
}

// src/lib/prng.ts
function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === void 0) throw new Error("pick from an empty list");
      return item;
    },
    /** k distinct items, order randomised. */
    sample: (items, k) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
    chance: (p) => next() < p
  };
}
function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

// src/modules/media/cover-svg.ts
var COVER_KINDS = {
  course: [640, 360],
  live: [640, 360],
  "live-preview": [320, 180],
  news: [480, 320],
  speaker: [240, 240],
  column: [480, 360],
  special: [640, 360],
  banner: [1200, 343],
  paper: [480, 320],
  logo: [160, 160],
  icon: [96, 96]
};
var isCoverKind = (k) => Object.hasOwn(COVER_KINDS, k);
var PALETTES = [
  ["#0f766e", "#14b8a6", "#ccfbf1"],
  ["#1d4ed8", "#60a5fa", "#dbeafe"],
  ["#4338ca", "#818cf8", "#e0e7ff"],
  ["#7e22ce", "#c084fc", "#f3e8ff"],
  ["#be123c", "#fb7185", "#ffe4e6"],
  ["#c2410c", "#fb923c", "#ffedd5"],
  ["#15803d", "#4ade80", "#dcfce7"],
  ["#0e7490", "#22d3ee", "#cffafe"],
  ["#334155", "#94a3b8", "#f1f5f9"]
];
var FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',system-ui,sans-serif";
var esc = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
function motif(kind, w, h, light, r) {
  const s = Math.min(w, h);
  switch (kind) {
    case "course": {
      const cx = w * 0.78;
      const cy = h * 0.5;
      const rad = s * 0.2;
      return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${light}" fill-opacity=".25"/>
<path d="M${cx - rad * 0.3} ${cy - rad * 0.45} L${cx + rad * 0.5} ${cy} L${cx - rad * 0.3} ${cy + rad * 0.45}Z" fill="#fff" fill-opacity=".9"/>`;
    }
    case "live":
    case "live-preview": {
      const cx = w * 0.8;
      const cy = h * 0.42;
      const rings = [0.1, 0.18, 0.26].map((k, i) => {
        const anim = kind === "live-preview" ? `<animate attributeName="stroke-opacity" values=".9;.1;.9" dur="1.6s" begin="${i * 0.3}s" repeatCount="indefinite"/>` : "";
        return `<circle cx="${cx}" cy="${cy}" r="${s * k}" fill="none" stroke="#fff" stroke-width="${s * 0.02}" stroke-opacity=".5">${anim}</circle>`;
      }).join("");
      return `${rings}<circle cx="${cx}" cy="${cy}" r="${s * 0.05}" fill="#fff"/>`;
    }
    case "news": {
      const lines = Array.from({ length: 4 }, (_, i) => {
        const lw = w * (0.3 + r.next() * 0.25);
        return `<rect x="${w * 0.55}" y="${h * (0.3 + i * 0.12)}" width="${lw * 0.6}" height="${h * 0.045}" rx="${h * 0.02}" fill="#fff" fill-opacity=".35"/>`;
      }).join("");
      return `${lines}<rect x="${w * 0.08}" y="${h * 0.25}" width="${w * 0.36}" height="${h * 0.5}" rx="${s * 0.04}" fill="${light}" fill-opacity=".25"/>`;
    }
    case "speaker":
      return `<circle cx="${w / 2}" cy="${h * 0.4}" r="${s * 0.19}" fill="#fff" fill-opacity=".85"/>
<path d="M${w * 0.16} ${h} Q${w / 2} ${h * 0.5} ${w * 0.84} ${h}Z" fill="#fff" fill-opacity=".85"/>`;
    case "column":
      return [0, 1, 2].map(
        (i) => `<rect x="${w * (0.52 + i * 0.06)}" y="${h * (0.2 + i * 0.08)}" width="${w * 0.32}" height="${h * 0.5}" rx="${s * 0.03}" fill="#fff" fill-opacity="${0.2 + i * 0.2}"/>`
      ).join("");
    case "special":
    case "banner": {
      const size = s * (kind === "banner" ? 0.16 : 0.12);
      let out = "";
      for (let i = 0; i < 7; i++) {
        const x = w * (0.45 + r.next() * 0.5);
        const y = h * (0.1 + r.next() * 0.75);
        const k = size * (0.5 + r.next());
        out += `<path d="M${x - k * 0.17} ${y - k / 2}h${k * 0.34}v${k * 0.33}h${k * 0.33}v${k * 0.34}h-${k * 0.33}v${k * 0.33}h-${k * 0.34}v-${k * 0.33}h-${k * 0.33}v-${k * 0.34}h${k * 0.33}z" fill="#fff" fill-opacity="${(0.12 + r.next() * 0.25).toFixed(2)}"/>`;
      }
      return `<path d="M0 ${h * 0.78} C${w * 0.3} ${h * 0.62} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.7} V${h} H0Z" fill="#fff" fill-opacity=".12"/>${out}`;
    }
    case "paper":
      return `<rect x="${w * 0.62}" y="${h * 0.15}" width="${w * 0.26}" height="${h * 0.7}" rx="${s * 0.03}" fill="#fff" fill-opacity=".8"/>`;
    case "logo":
    case "icon":
      return `<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${s * 0.08}" fill="#fff" fill-opacity=".5"/>`;
  }
}
function coverSvg(kind, seed, label) {
  const [w, h] = COVER_KINDS[kind];
  const r = createRng(hashString(`${kind}:${seed}`));
  const [dark, mid, light] = r.pick(PALETTES);
  const angle = r.int(0, 359);
  const s = Math.min(w, h);
  const text18 = label ? esc([...label].slice(0, 24).join("")) : "";
  let labelSvg = "";
  if (text18) {
    const centred = kind === "speaker" || kind === "logo" || kind === "icon";
    const chars = [...text18].length;
    const size = centred ? s * (chars <= 2 ? 0.42 : 0.22) : Math.min(h * 0.13, w * 0.5 / Math.max(chars * 0.7, 1));
    labelSvg = centred ? `<text x="50%" y="${kind === "speaker" ? 88 : 62}%" text-anchor="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="700" fill="${kind === "speaker" ? dark : "#fff"}">${text18}</text>` : `<text x="${(w * 0.07).toFixed(1)}" y="${(h * 0.58).toFixed(1)}" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="700" fill="#fff">${text18}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
${motif(kind, w, h, light, r)}
${labelSvg}
</svg>`;
}
function coverUrl(kind, seed, label) {
  const base = `/media/cover/${kind}/${encodeURIComponent(seed)}.svg`;
  return label ? `${base}?label=${encodeURIComponent(label)}` : base;
}

// src/seed/data/catalog.ts
var DEPARTMENTS = [
  { slug: "oncology", zh: "\u80BF\u7624\u79D1", en: "Oncology" },
  { slug: "hematology", zh: "\u8840\u6DB2\u79D1", en: "Hematology" },
  { slug: "cardiology", zh: "\u5FC3\u8840\u7BA1\u5185\u79D1", en: "Cardiology" },
  { slug: "neurology", zh: "\u795E\u7ECF\u5185\u79D1", en: "Neurology" },
  { slug: "respiratory", zh: "\u547C\u5438\u4E0E\u5371\u91CD\u75C7\u533B\u5B66\u79D1", en: "Pulmonary & Critical Care Medicine" },
  { slug: "endocrinology", zh: "\u5185\u5206\u6CCC\u79D1", en: "Endocrinology" },
  { slug: "gastroenterology", zh: "\u6D88\u5316\u5185\u79D1", en: "Gastroenterology" },
  { slug: "infectious", zh: "\u611F\u67D3\u79D1", en: "Infectious Diseases" }
];
var HOSPITALS = [
  { zh: "\u5317\u4EAC\u534F\u548C\u533B\u9662", en: "Peking Union Medical College Hospital", cityZh: "\u5317\u4EAC", cityEn: "Beijing", region: "beijing" },
  { zh: "\u4E2D\u56FD\u533B\u5B66\u79D1\u5B66\u9662\u80BF\u7624\u533B\u9662", en: "Cancer Hospital, Chinese Academy of Medical Sciences", cityZh: "\u5317\u4EAC", cityEn: "Beijing", region: "beijing" },
  { zh: "\u590D\u65E6\u5927\u5B66\u9644\u5C5E\u4E2D\u5C71\u533B\u9662", en: "Zhongshan Hospital, Fudan University", cityZh: "\u4E0A\u6D77", cityEn: "Shanghai", region: "shanghai" },
  { zh: "\u56DB\u5DDD\u5927\u5B66\u534E\u897F\u533B\u9662", en: "West China Hospital, Sichuan University", cityZh: "\u6210\u90FD", cityEn: "Chengdu", region: "chengdu" },
  { zh: "\u4E0A\u6D77\u4EA4\u901A\u5927\u5B66\u533B\u5B66\u9662\u9644\u5C5E\u745E\u91D1\u533B\u9662", en: "Ruijin Hospital, Shanghai Jiao Tong University School of Medicine", cityZh: "\u4E0A\u6D77", cityEn: "Shanghai", region: "shanghai" },
  { zh: "\u4E2D\u5C71\u5927\u5B66\u80BF\u7624\u9632\u6CBB\u4E2D\u5FC3", en: "Sun Yat-sen University Cancer Center", cityZh: "\u5E7F\u5DDE", cityEn: "Guangzhou", region: "guangzhou" },
  { zh: "\u5317\u4EAC\u5927\u5B66\u4EBA\u6C11\u533B\u9662", en: "Peking University People's Hospital", cityZh: "\u5317\u4EAC", cityEn: "Beijing", region: "beijing" },
  { zh: "\u4E2D\u56FD\u533B\u5B66\u79D1\u5B66\u9662\u8840\u6DB2\u75C5\u533B\u9662", en: "Institute of Hematology & Blood Diseases Hospital, CAMS", cityZh: "\u5929\u6D25", cityEn: "Tianjin", region: "tianjin" },
  { zh: "\u9996\u90FD\u533B\u79D1\u5927\u5B66\u9644\u5C5E\u5317\u4EAC\u5929\u575B\u533B\u9662", en: "Beijing Tiantan Hospital, Capital Medical University", cityZh: "\u5317\u4EAC", cityEn: "Beijing", region: "beijing" },
  { zh: "\u4E2D\u56FD\u533B\u5B66\u79D1\u5B66\u9662\u961C\u5916\u533B\u9662", en: "Fuwai Hospital, Chinese Academy of Medical Sciences", cityZh: "\u5317\u4EAC", cityEn: "Beijing", region: "beijing" },
  { zh: "\u6D59\u6C5F\u5927\u5B66\u533B\u5B66\u9662\u9644\u5C5E\u7B2C\u4E00\u533B\u9662", en: "The First Affiliated Hospital, Zhejiang University School of Medicine", cityZh: "\u676D\u5DDE", cityEn: "Hangzhou", region: "hangzhou" },
  { zh: "\u534E\u4E2D\u79D1\u6280\u5927\u5B66\u540C\u6D4E\u533B\u5B66\u9662\u9644\u5C5E\u540C\u6D4E\u533B\u9662", en: "Tongji Hospital, Tongji Medical College, HUST", cityZh: "\u6B66\u6C49", cityEn: "Wuhan", region: "wuhan" },
  { zh: "\u6885\u5965\u8BCA\u6240", en: "Mayo Clinic", cityZh: "\u7F57\u5207\u65AF\u7279", cityEn: "Rochester", region: "rochester" },
  { zh: "\u7EA6\u7FF0\u65AF\xB7\u970D\u666E\u91D1\u65AF\u533B\u9662", en: "The Johns Hopkins Hospital", cityZh: "\u5DF4\u5C14\u7684\u6469", cityEn: "Baltimore", region: "baltimore" },
  { zh: "\u65E5\u672C\u56FD\u7ACB\u764C\u75C7\u7814\u7A76\u4E2D\u5FC3\u4E2D\u592E\u533B\u9662", en: "National Cancer Center Hospital, Japan", cityZh: "\u4E1C\u4EAC", cityEn: "Tokyo", region: "tokyo" },
  { zh: "\u65B0\u52A0\u5761\u4E2D\u592E\u533B\u9662", en: "Singapore General Hospital", cityZh: "\u65B0\u52A0\u5761", cityEn: "Singapore", region: "singapore" },
  { zh: "\u4E2D\u5C71\u5927\u5B66\u9644\u5C5E\u7B2C\u4E00\u533B\u9662", en: "The First Affiliated Hospital, Sun Yat-sen University", cityZh: "\u5E7F\u5DDE", cityEn: "Guangzhou", region: "guangzhou" },
  { zh: "\u56DB\u5DDD\u7701\u4EBA\u6C11\u533B\u9662", en: "Sichuan Provincial People's Hospital", cityZh: "\u6210\u90FD", cityEn: "Chengdu", region: "chengdu" },
  { zh: "\u6D59\u6C5F\u5927\u5B66\u533B\u5B66\u9662\u9644\u5C5E\u7B2C\u4E8C\u533B\u9662", en: "The Second Affiliated Hospital, Zhejiang University School of Medicine", cityZh: "\u676D\u5DDE", cityEn: "Hangzhou", region: "hangzhou" },
  { zh: "\u534E\u4E2D\u79D1\u6280\u5927\u5B66\u540C\u6D4E\u533B\u5B66\u9662\u9644\u5C5E\u534F\u548C\u533B\u9662", en: "Union Hospital, Tongji Medical College, HUST", cityZh: "\u6B66\u6C49", cityEn: "Wuhan", region: "wuhan" },
  { zh: "\u5929\u6D25\u533B\u79D1\u5927\u5B66\u603B\u533B\u9662", en: "Tianjin Medical University General Hospital", cityZh: "\u5929\u6D25", cityEn: "Tianjin", region: "tianjin" },
  { zh: "\u4E1C\u4EAC\u5927\u5B66\u533B\u5B66\u90E8\u9644\u5C5E\u533B\u9662", en: "The University of Tokyo Hospital", cityZh: "\u4E1C\u4EAC", cityEn: "Tokyo", region: "tokyo" }
];
var ORGANIZERS = [
  { zh: "\u4E2D\u56FD\u4E34\u5E8A\u80BF\u7624\u5B66\u4F1A", en: "Chinese Society of Clinical Oncology (CSCO)", label: "CSCO" },
  { zh: "\u4E2D\u534E\u533B\u5B66\u4F1A\u8840\u6DB2\u5B66\u5206\u4F1A", en: "Chinese Society of Hematology", label: "CSH" },
  { zh: "\u4E2D\u56FD\u533B\u5E08\u534F\u4F1A\u5FC3\u8840\u7BA1\u5185\u79D1\u533B\u5E08\u5206\u4F1A", en: "Chinese College of Cardiovascular Physicians", label: "CCCP" },
  { zh: "\u4E2D\u534E\u533B\u5B66\u4F1A\u795E\u7ECF\u75C5\u5B66\u5206\u4F1A", en: "Chinese Society of Neurology", label: "CSN" },
  { zh: "\u4E2D\u56FD\u6297\u764C\u534F\u4F1A", en: "China Anti-Cancer Association", label: "CACA" },
  { zh: "\u4E2D\u534E\u533B\u5B66\u4F1A\u547C\u5438\u75C5\u5B66\u5206\u4F1A", en: "Chinese Thoracic Society", label: "CTS" }
];
var TAGS = [
  { zh: "\u6307\u5357\u89E3\u8BFB", en: "Guideline Review" },
  { zh: "\u75C5\u4F8B\u5206\u4EAB", en: "Case Study" },
  { zh: "\u4E34\u5E8A\u7814\u7A76", en: "Clinical Trials" },
  { zh: "\u514D\u75AB\u6CBB\u7597", en: "Immunotherapy" },
  { zh: "\u9776\u5411\u6CBB\u7597", en: "Targeted Therapy" },
  { zh: "\u7EC6\u80DE\u6CBB\u7597", en: "Cell Therapy" },
  { zh: "\u5F71\u50CF\u8BCA\u65AD", en: "Imaging" },
  { zh: "\u89C4\u8303\u5316\u8BCA\u7597", en: "Standardised Care" },
  { zh: "\u7EE7\u7EED\u6559\u80B2\u5B66\u5206", en: "CME Credits" },
  { zh: "\u591A\u5B66\u79D1\u8BCA\u7597", en: "MDT" },
  { zh: "\u7CBE\u51C6\u533B\u5B66", en: "Precision Medicine" },
  { zh: "\u65B0\u836F\u8FDB\u5C55", en: "New Drugs" },
  { zh: "\u6025\u5371\u91CD\u75C7", en: "Emergency & Critical Care" },
  { zh: "\u57FA\u7840\u5165\u95E8", en: "Fundamentals" },
  { zh: "\u8FDB\u9636\u63D0\u5347", en: "Advanced" }
];
var SPEAKERS = [
  { zh: "\u738B\u5EFA\u56FD", en: "Wang Jianguo", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 2, organizer: 1, departments: ["oncology"] },
  { zh: "\u674E\u6653\u6885", en: "Li Xiaomei", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u535A\u58EB\u751F\u5BFC\u5E08", titleEn: "Chief Physician, Doctoral Supervisor", hospital: 8, organizer: 2, departments: ["hematology"] },
  { zh: "\u5F20\u5FD7\u5F3A", en: "Zhang Zhiqiang", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 10, organizer: 3, departments: ["cardiology"] },
  { zh: "\u5218\u6D77\u71D5", en: "Liu Haiyan", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 9, organizer: 4, departments: ["neurology"] },
  { zh: "\u9648\u7ACB\u65B0", en: "Chen Lixin", titleZh: "\u526F\u4E3B\u4EFB\u533B\u5E08", titleEn: "Associate Chief Physician", hospital: 6, organizer: 5, departments: ["oncology"] },
  { zh: "\u6768\u96EA", en: "Yang Xue", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 5, organizer: 2, departments: ["hematology"] },
  { zh: "\u8D75\u660E", en: "Zhao Ming", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 1, organizer: 6, departments: ["respiratory"] },
  { zh: "\u9EC4\u6587\u9759", en: "Huang Wenjing", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 1, organizer: null, departments: ["endocrinology"] },
  { zh: "\u5468\u4F1F", en: "Zhou Wei", titleZh: "\u526F\u4E3B\u4EFB\u533B\u5E08", titleEn: "Associate Chief Physician", hospital: 3, organizer: 3, departments: ["cardiology"] },
  { zh: "\u5434\u9896", en: "Wu Ying", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 4, organizer: 1, departments: ["oncology", "respiratory"] },
  { zh: "\u5F90\u4FCA", en: "Xu Jun", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u535A\u58EB\u751F\u5BFC\u5E08", titleEn: "Chief Physician, Doctoral Supervisor", hospital: 7, organizer: 2, departments: ["hematology"] },
  { zh: "\u5B59\u4E3D\u534E", en: "Sun Lihua", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 11, organizer: null, departments: ["gastroenterology"] },
  { zh: "\u80E1\u658C", en: "Hu Bin", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 12, organizer: null, departments: ["infectious"] },
  { zh: "\u6731\u6653\u4E1C", en: "Zhu Xiaodong", titleZh: "\u526F\u4E3B\u4EFB\u533B\u5E08", titleEn: "Associate Chief Physician", hospital: 9, organizer: 4, departments: ["neurology"] },
  { zh: "\u9AD8\u654F", en: "Gao Min", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 2, organizer: 5, departments: ["oncology"] },
  { zh: "\u6797\u5CF0", en: "Lin Feng", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 10, organizer: 3, departments: ["cardiology"] },
  { zh: "\u4F55\u9759", en: "He Jing", titleZh: "\u526F\u4E3B\u4EFB\u533B\u5E08", titleEn: "Associate Chief Physician", hospital: 8, organizer: 2, departments: ["hematology"] },
  { zh: "\u90ED\u6D9B", en: "Guo Tao", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 3, organizer: 6, departments: ["respiratory"] },
  { zh: "\u9A6C\u7433", en: "Ma Lin", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u6559\u6388", titleEn: "Chief Physician, Professor", hospital: 5, organizer: null, departments: ["endocrinology"] },
  { zh: "\u7F57\u5F3A", en: "Luo Qiang", titleZh: "\u4E3B\u4EFB\u533B\u5E08", titleEn: "Chief Physician", hospital: 4, organizer: null, departments: ["gastroenterology"] },
  { zh: "\u6881\u7EA2", en: "Liang Hong", titleZh: "\u4E3B\u4EFB\u533B\u5E08\u3001\u535A\u58EB\u751F\u5BFC\u5E08", titleEn: "Chief Physician, Doctoral Supervisor", hospital: 6, organizer: 1, departments: ["oncology"] },
  { zh: "\u5B8B\u5065", en: "Song Jian", titleZh: "\u526F\u4E3B\u4EFB\u533B\u5E08", titleEn: "Associate Chief Physician", hospital: 12, organizer: null, departments: ["infectious", "respiratory"] }
];
var DEPARTMENT_TAGS = {
  oncology: ["\u514D\u75AB\u6CBB\u7597", "\u9776\u5411\u6CBB\u7597", "\u591A\u5B66\u79D1\u8BCA\u7597", "\u7CBE\u51C6\u533B\u5B66", "\u65B0\u836F\u8FDB\u5C55"],
  hematology: ["\u7EC6\u80DE\u6CBB\u7597", "\u9776\u5411\u6CBB\u7597", "\u7CBE\u51C6\u533B\u5B66", "\u65B0\u836F\u8FDB\u5C55"],
  cardiology: ["\u6025\u5371\u91CD\u75C7", "\u5F71\u50CF\u8BCA\u65AD", "\u89C4\u8303\u5316\u8BCA\u7597", "\u65B0\u836F\u8FDB\u5C55"],
  neurology: ["\u6025\u5371\u91CD\u75C7", "\u5F71\u50CF\u8BCA\u65AD", "\u89C4\u8303\u5316\u8BCA\u7597"],
  respiratory: ["\u6025\u5371\u91CD\u75C7", "\u5F71\u50CF\u8BCA\u65AD", "\u89C4\u8303\u5316\u8BCA\u7597"],
  endocrinology: ["\u89C4\u8303\u5316\u8BCA\u7597", "\u65B0\u836F\u8FDB\u5C55", "\u591A\u5B66\u79D1\u8BCA\u7597"],
  gastroenterology: ["\u5F71\u50CF\u8BCA\u65AD", "\u89C4\u8303\u5316\u8BCA\u7597", "\u591A\u5B66\u79D1\u8BCA\u7597"],
  infectious: ["\u89C4\u8303\u5316\u8BCA\u7597", "\u6025\u5371\u91CD\u75C7", "\u65B0\u836F\u8FDB\u5C55"]
};
var GENERAL_TAGS = ["\u75C5\u4F8B\u5206\u4EAB", "\u4E34\u5E8A\u7814\u7A76", "\u7EE7\u7EED\u6559\u80B2\u5B66\u5206", "\u57FA\u7840\u5165\u95E8", "\u8FDB\u9636\u63D0\u5347"];

// src/seed/data/courses.ts
var COURSES = [
  { dep: "oncology", zh: "\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C EGFR \u7A81\u53D8\u9776\u5411\u6CBB\u7597\u5168\u7A0B\u7BA1\u7406", en: "Whole-course management of EGFR-mutant NSCLC with targeted therapy", series: true, label: "EGFR" },
  { dep: "oncology", zh: "\u514D\u75AB\u68C0\u67E5\u70B9\u6291\u5236\u5242\u76F8\u5173\u4E0D\u826F\u53CD\u5E94\u7684\u8BC6\u522B\u4E0E\u5904\u7406", en: "Recognising and managing immune-related adverse events", label: "irAE" },
  { dep: "oncology", zh: "\u4E73\u817A\u764C HER2 \u4F4E\u8868\u8FBE\uFF1A\u4ECE\u75C5\u7406\u5224\u8BFB\u5230 ADC \u6CBB\u7597", en: "HER2-low breast cancer: from pathology to ADC therapy", label: "HER2" },
  { dep: "oncology", zh: "\u7ED3\u76F4\u80A0\u764C\u809D\u8F6C\u79FB\u7684\u591A\u5B66\u79D1\u8BCA\u7597", en: "Multidisciplinary management of colorectal liver metastases", label: "MDT" },
  { dep: "oncology", zh: "\u80C3\u764C\u56F4\u624B\u672F\u671F\u6CBB\u7597\u65B0\u8FDB\u5C55", en: "Advances in perioperative therapy for gastric cancer" },
  { dep: "oncology", zh: "\u80BF\u7624\u60A3\u8005\u8425\u517B\u652F\u6301\u89C4\u8303", en: "Nutrition support for patients with cancer" },
  { dep: "oncology", zh: "\u809D\u7EC6\u80DE\u764C\u7CFB\u7EDF\u6CBB\u7597\u7B56\u7565", en: "Systemic therapy strategies for hepatocellular carcinoma", series: true, label: "HCC" },
  { dep: "oncology", zh: "\u764C\u75DB\u89C4\u8303\u5316\u6CBB\u7597", en: "Standardised management of cancer pain" },
  { dep: "hematology", zh: "\u5F25\u6F2B\u5927 B \u7EC6\u80DE\u6DCB\u5DF4\u7624\u4E00\u7EBF\u6CBB\u7597\u4E0E\u590D\u53D1\u7BA1\u7406", en: "DLBCL: first-line treatment and relapse management", series: true, label: "DLBCL" },
  { dep: "hematology", zh: "\u591A\u53D1\u6027\u9AA8\u9AD3\u7624\u8BCA\u7597\u6307\u5357\u89E3\u8BFB", en: "Guideline review: multiple myeloma", label: "MM" },
  { dep: "hematology", zh: "CAR-T \u7EC6\u80DE\u6CBB\u7597\u7684\u4E34\u5E8A\u5B9E\u8DF5", en: "CAR-T cell therapy in clinical practice", series: true, label: "CAR-T" },
  { dep: "hematology", zh: "\u6025\u6027\u9AD3\u7CFB\u767D\u8840\u75C5\u7684\u5206\u5B50\u5206\u578B\u4E0E\u9776\u5411\u6CBB\u7597", en: "Molecular classification and targeted therapy of AML", label: "AML" },
  { dep: "hematology", zh: "\u6162\u6027\u6DCB\u5DF4\u7EC6\u80DE\u767D\u8840\u75C5 BTK \u6291\u5236\u5242\u5E94\u7528", en: "BTK inhibitors in chronic lymphocytic leukaemia", label: "CLL" },
  { dep: "hematology", zh: "\u9AA8\u9AD3\u589E\u751F\u5F02\u5E38\u7EFC\u5408\u5F81\u8BCA\u65AD\u8981\u70B9", en: "Key points in diagnosing myelodysplastic syndromes", label: "MDS" },
  { dep: "hematology", zh: "\u9020\u8840\u5E72\u7EC6\u80DE\u79FB\u690D\u5E76\u53D1\u75C7\u7BA1\u7406", en: "Managing complications of haematopoietic stem cell transplantation" },
  { dep: "hematology", zh: "\u8840\u6813\u4E0E\u6B62\u8840\u5B9E\u9A8C\u5BA4\u68C0\u67E5\u89E3\u8BFB", en: "Interpreting thrombosis and haemostasis laboratory tests" },
  { dep: "cardiology", zh: "\u5FC3\u529B\u8870\u7AED\u836F\u7269\u6CBB\u7597\uFF1A\u65B0\u56DB\u8054\u65B9\u6848", en: "Heart failure pharmacotherapy: the four pillars", series: true, label: "HFrEF" },
  { dep: "cardiology", zh: "\u623F\u98A4\u6297\u51DD\u6CBB\u7597\u7684\u4E2A\u4F53\u5316\u51B3\u7B56", en: "Individualised anticoagulation in atrial fibrillation", label: "AF" },
  { dep: "cardiology", zh: "\u6025\u6027\u51A0\u8109\u7EFC\u5408\u5F81\u7684\u65E9\u671F\u8BC6\u522B\u4E0E\u5904\u7406", en: "Early recognition and management of acute coronary syndrome", label: "ACS" },
  { dep: "cardiology", zh: "\u9AD8\u8840\u538B\u5408\u5E76\u7CD6\u5C3F\u75C5\u7684\u964D\u538B\u7B56\u7565", en: "Blood-pressure strategy in hypertension with diabetes" },
  { dep: "cardiology", zh: "\u5FC3\u7535\u56FE\u5FEB\u901F\u5224\u8BFB 30 \u8BB2", en: "30 lessons in rapid ECG interpretation", series: true, label: "ECG" },
  { dep: "cardiology", zh: "\u7ECF\u5BFC\u7BA1\u4E3B\u52A8\u8109\u74E3\u7F6E\u6362\u672F\u56F4\u672F\u671F\u7BA1\u7406", en: "Perioperative management of TAVR", label: "TAVR" },
  { dep: "cardiology", zh: "\u8840\u8102\u7BA1\u7406\u4E0E\u52A8\u8109\u7CA5\u6837\u786C\u5316\u6027\u5FC3\u8840\u7BA1\u75C5\u9884\u9632", en: "Lipid management and prevention of atherosclerotic cardiovascular disease", label: "LDL-C" },
  { dep: "neurology", zh: "\u6025\u6027\u7F3A\u8840\u6027\u5352\u4E2D\u9759\u8109\u6EB6\u6813\u4E0E\u53D6\u6813", en: "Thrombolysis and thrombectomy in acute ischaemic stroke", label: "Stroke" },
  { dep: "neurology", zh: "\u963F\u5C14\u8328\u6D77\u9ED8\u75C5\u65E9\u671F\u8BCA\u65AD\u4E0E\u6297 A\u03B2 \u6CBB\u7597", en: "Early diagnosis of Alzheimer's disease and anti-amyloid therapy", label: "AD" },
  { dep: "neurology", zh: "\u5E15\u91D1\u68EE\u75C5\u7684\u8FD0\u52A8\u5E76\u53D1\u75C7\u7BA1\u7406", en: "Managing motor complications of Parkinson's disease", label: "PD" },
  { dep: "neurology", zh: "\u766B\u75EB\u6301\u7EED\u72B6\u6001\u7684\u6025\u8BCA\u5904\u7406", en: "Emergency management of status epilepticus" },
  { dep: "neurology", zh: "\u504F\u5934\u75DB\u9884\u9632\u6CBB\u7597\u65B0\u9009\u62E9", en: "New options for migraine prevention" },
  { dep: "neurology", zh: "\u795E\u7ECF\u7CFB\u7EDF\u75BE\u75C5\u5F71\u50CF\u8BCA\u65AD\u57FA\u7840", en: "Fundamentals of neuroimaging", series: true, label: "MRI" },
  { dep: "respiratory", zh: "\u6162\u963B\u80BA\u6025\u6027\u52A0\u91CD\u7684\u89C4\u8303\u5316\u6CBB\u7597", en: "Standardised treatment of acute exacerbations of COPD", label: "COPD" },
  { dep: "respiratory", zh: "\u793E\u533A\u83B7\u5F97\u6027\u80BA\u708E\u6297\u611F\u67D3\u6CBB\u7597", en: "Antimicrobial therapy for community-acquired pneumonia", label: "CAP" },
  { dep: "respiratory", zh: "\u80BA\u7ED3\u8282\u7684\u8BC4\u4F30\u4E0E\u968F\u8BBF", en: "Evaluation and follow-up of pulmonary nodules" },
  { dep: "respiratory", zh: "\u91CD\u75C7\u60A3\u8005\u673A\u68B0\u901A\u6C14\u5B9E\u6218", en: "Mechanical ventilation in critical care", series: true, label: "ICU" },
  { dep: "respiratory", zh: "\u652F\u6C14\u7BA1\u54EE\u5598\u751F\u7269\u5236\u5242\u6CBB\u7597", en: "Biologic therapy for severe asthma" },
  { dep: "endocrinology", zh: "2 \u578B\u7CD6\u5C3F\u75C5\u964D\u7CD6\u836F\u7269\u7684\u5FC3\u80BE\u83B7\u76CA", en: "Cardiorenal benefits of glucose-lowering drugs in type 2 diabetes", label: "T2DM" },
  { dep: "endocrinology", zh: "\u7532\u72B6\u817A\u7ED3\u8282\u7684\u8D85\u58F0\u8BC4\u4F30\u4E0E\u5904\u7406", en: "Ultrasound assessment and management of thyroid nodules" },
  { dep: "endocrinology", zh: "\u80A5\u80D6\u75C7\u7684\u836F\u7269\u6CBB\u7597\u8FDB\u5C55", en: "Advances in pharmacotherapy for obesity", label: "GLP-1" },
  { dep: "endocrinology", zh: "\u9AA8\u8D28\u758F\u677E\u75C7\u7684\u7B5B\u67E5\u4E0E\u6CBB\u7597", en: "Screening and treatment of osteoporosis" },
  { dep: "gastroenterology", zh: "\u708E\u75C7\u6027\u80A0\u75C5\u7684\u751F\u7269\u5236\u5242\u6CBB\u7597", en: "Biologic therapy in inflammatory bowel disease", label: "IBD" },
  { dep: "gastroenterology", zh: "\u6D88\u5316\u9053\u65E9\u764C\u5185\u955C\u8BCA\u65AD", en: "Endoscopic diagnosis of early gastrointestinal cancer", series: true, label: "ESD" },
  { dep: "gastroenterology", zh: "\u5E7D\u95E8\u87BA\u6746\u83CC\u6839\u9664\u6CBB\u7597\u5171\u8BC6\u89E3\u8BFB", en: "Consensus review: Helicobacter pylori eradication", label: "Hp" },
  { dep: "infectious", zh: "\u8010\u836F\u9769\u5170\u9634\u6027\u83CC\u611F\u67D3\u7684\u6CBB\u7597", en: "Treating drug-resistant Gram-negative infections", label: "CRE" },
  { dep: "infectious", zh: "\u4FB5\u88AD\u6027\u771F\u83CC\u75C5\u7684\u8BCA\u65AD\u4E0E\u6CBB\u7597", en: "Diagnosis and treatment of invasive fungal disease" },
  { dep: "infectious", zh: "\u65B0\u53D1\u4F20\u67D3\u75C5\u7684\u9632\u63A7\u4E0E\u75AB\u82D7\u63A5\u79CD", en: "Emerging infectious diseases: control and vaccination" }
];
var CHAPTER_PHASES = [
  ["\u6982\u8FF0\u4E0E\u5B66\u4E60\u76EE\u6807", "Overview and learning goals"],
  ["\u6D41\u884C\u75C5\u5B66\u4E0E\u53D1\u75C5\u673A\u5236", "Epidemiology and pathogenesis"],
  ["\u8BCA\u65AD\u4E0E\u9274\u522B\u8BCA\u65AD", "Diagnosis and differential diagnosis"],
  ["\u5206\u578B\u4E0E\u5371\u9669\u5206\u5C42", "Classification and risk stratification"],
  ["\u4E00\u7EBF\u6CBB\u7597\u7B56\u7565", "First-line treatment"],
  ["\u590D\u53D1\u4E0E\u540E\u7EBF\u6CBB\u7597", "Relapse and later-line treatment"],
  ["\u4E0D\u826F\u53CD\u5E94\u7BA1\u7406", "Managing adverse events"],
  ["\u5178\u578B\u75C5\u4F8B\u8BA8\u8BBA", "Case discussion"],
  ["\u968F\u8BBF\u4E0E\u957F\u671F\u7BA1\u7406", "Follow-up and long-term care"],
  ["\u524D\u6CBF\u7814\u7A76\u8FDB\u5C55", "Research frontiers"],
  ["\u4E13\u5BB6\u95EE\u7B54", "Questions and answers"],
  ["\u603B\u7ED3\u4E0E\u81EA\u6D4B", "Summary and self-assessment"]
];

// src/seed/data/demo-media.ts
var DEMO_MEDIA = [
  {
    "key": "demo-a",
    "path": "demo/a",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 113e3
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 91e3
      }
    ]
  },
  {
    "key": "demo-b",
    "path": "demo/b",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 11e4
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 94e3
      }
    ]
  },
  {
    "key": "demo-c",
    "path": "demo/c",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 112e3
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 94e3
      }
    ]
  },
  {
    "key": "demo-d",
    "path": "demo/d",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 111e3
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 93e3
      }
    ]
  }
];

// src/seed/data/editorial.ts
var COLUMNS = [
  { zh: "\u80BF\u7624\u524D\u6CBF\u8BBF\u8C08", en: "Oncology Frontiers Interviews", descZh: "\u4E0E\u4E00\u7EBF\u4E13\u5BB6\u5BF9\u8BDD\u6700\u65B0\u7814\u7A76\u4E0E\u4E34\u5E8A\u5B9E\u8DF5", descEn: "Conversations with leading clinicians on new research and practice", issues: 48 },
  { zh: "\u8840\u6DB2\u75C5\u4F8B\u8BA8\u8BBA", en: "Hematology Case Rounds", descZh: "\u6BCF\u671F\u4E00\u4E2A\u7591\u96BE\u75C5\u4F8B\uFF0C\u5B8C\u6574\u5448\u73B0\u8BCA\u7597\u601D\u8DEF", descEn: "One difficult case per issue, with the full reasoning", issues: 36 },
  { zh: "\u5FC3\u7535\u56FE\u6BCF\u5468\u4E00\u8BFB", en: "ECG of the Week", descZh: "\u4ECE\u5178\u578B\u5230\u7591\u96BE\uFF0C\u5341\u5206\u949F\u8BFB\u61C2\u4E00\u4EFD\u5FC3\u7535\u56FE", descEn: "From classic to tricky: one ECG in ten minutes", issues: 112 },
  { zh: "\u795E\u7ECF\u5F71\u50CF\u89E3\u8BFB", en: "Neuroimaging Insights", descZh: "\u7CFB\u7EDF\u5B66\u4E60\u5934\u9885 CT \u4E0E MRI \u7684\u5224\u8BFB\u8981\u70B9", descEn: "Learn to read head CT and MRI systematically", issues: 27 },
  { zh: "\u4E34\u5E8A\u79D1\u7814\u65B9\u6CD5", en: "Clinical Research Methods", descZh: "\u7814\u7A76\u8BBE\u8BA1\u3001\u7EDF\u8BA1\u5206\u6790\u4E0E\u8BBA\u6587\u5199\u4F5C", descEn: "Study design, statistics and writing for publication", issues: 40 },
  { zh: "\u533B\u5B66\u4EBA\u6587", en: "Medical Humanities", descZh: "\u533B\u60A3\u6C9F\u901A\u3001\u804C\u4E1A\u53D1\u5C55\u4E0E\u533B\u5B66\u7684\u6E29\u5EA6", descEn: "Communication, careers and the human side of medicine", issues: 22 },
  { zh: "\u6307\u5357\u901F\u9012", en: "Guideline Express", descZh: "\u56FD\u5185\u5916\u91CD\u8981\u6307\u5357\u53D1\u5E03\u540E\u7B2C\u4E00\u65F6\u95F4\u89E3\u8BFB", descEn: "Quick reviews of major guidelines as they are published", issues: 64 }
];
var PAPERS = [
  { title: "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine", zh: "BNT162b2 mRNA \u65B0\u51A0\u75AB\u82D7\u7684\u5B89\u5168\u6027\u548C\u6709\u6548\u6027", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa2034577", absZh: "\u4E00\u9879\u968F\u673A\u3001\u5B89\u6170\u5242\u5BF9\u7167\u7684 III \u671F\u8BD5\u9A8C\uFF0C\u8BC4\u4F30\u4E24\u5242 mRNA \u75AB\u82D7\u9884\u9632\u6709\u75C7\u72B6\u65B0\u51A0\u611F\u67D3\u7684\u6548\u679C\u4E0E\u5B89\u5168\u6027\u3002", absEn: "A randomised, placebo-controlled phase 3 trial of a two-dose mRNA vaccine against symptomatic COVID-19, reporting efficacy and safety." },
  { title: "Dapagliflozin in Patients with Heart Failure and Reduced Ejection Fraction", zh: "\u8FBE\u683C\u5217\u51C0\u7528\u4E8E\u5C04\u8840\u5206\u6570\u964D\u4F4E\u7684\u5FC3\u529B\u8870\u7AED\u60A3\u8005", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1911303", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30 SGLT2 \u6291\u5236\u5242\u5728\u4F34\u6216\u4E0D\u4F34\u7CD6\u5C3F\u75C5\u7684\u5C04\u8840\u5206\u6570\u964D\u4F4E\u5FC3\u8870\u60A3\u8005\u4E2D\u5BF9\u5FC3\u8870\u6076\u5316\u548C\u5FC3\u8840\u7BA1\u6B7B\u4EA1\u7684\u5F71\u54CD\u3002", absEn: "A randomised trial of an SGLT2 inhibitor in heart failure with reduced ejection fraction, with or without diabetes, on worsening heart failure and cardiovascular death." },
  { title: "Pembrolizumab plus Chemotherapy in Metastatic Non-Small-Cell Lung Cancer", zh: "\u5E15\u535A\u5229\u73E0\u5355\u6297\u8054\u5408\u5316\u7597\u6CBB\u7597\u8F6C\u79FB\u6027\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1801005", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30 PD-1 \u6291\u5236\u5242\u8054\u5408\u542B\u94C2\u5316\u7597\u4E00\u7EBF\u6CBB\u7597\u65E0 EGFR/ALK \u7A81\u53D8\u7684\u975E\u9CDE\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C\u3002", absEn: "A randomised trial of a PD-1 inhibitor added to platinum-based chemotherapy as first-line treatment of non-squamous NSCLC without EGFR or ALK alterations." },
  { title: "Osimertinib in Untreated EGFR-Mutated Advanced Non-Small-Cell Lung Cancer", zh: "\u5965\u5E0C\u66FF\u5C3C\u6CBB\u7597\u521D\u6CBB EGFR \u7A81\u53D8\u665A\u671F\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1713137", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u6BD4\u8F83\u4E09\u4EE3 EGFR-TKI \u4E0E\u4E00\u4EE3 EGFR-TKI \u4E00\u7EBF\u6CBB\u7597 EGFR \u7A81\u53D8\u665A\u671F\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C\u7684\u65E0\u8FDB\u5C55\u751F\u5B58\u671F\u3002", absEn: "A randomised trial comparing a third-generation with first-generation EGFR tyrosine kinase inhibitors as first-line therapy, on progression-free survival." },
  { title: "Axicabtagene Ciloleucel CAR T-Cell Therapy in Refractory Large B-Cell Lymphoma", zh: "Axicabtagene Ciloleucel CAR-T \u6CBB\u7597\u96BE\u6CBB\u6027\u5927 B \u7EC6\u80DE\u6DCB\u5DF4\u7624", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1707447", absZh: "\u591A\u4E2D\u5FC3 II \u671F\u7814\u7A76\uFF0C\u8BC4\u4F30\u6297 CD19 CAR-T \u7EC6\u80DE\u6CBB\u7597\u96BE\u6CBB\u6027\u5927 B \u7EC6\u80DE\u6DCB\u5DF4\u7624\u7684\u7F13\u89E3\u7387\u4E0E\u4E0D\u826F\u4E8B\u4EF6\u3002", absEn: "A multicentre phase 2 study of anti-CD19 CAR T cells in refractory large B-cell lymphoma, reporting response rates and adverse events." },
  { title: "Tisagenlecleucel in Children and Young Adults with B-Cell Lymphoblastic Leukemia", zh: "Tisagenlecleucel \u6CBB\u7597\u513F\u7AE5\u53CA\u9752\u5E74 B \u7EC6\u80DE\u6025\u6027\u6DCB\u5DF4\u7EC6\u80DE\u767D\u8840\u75C5", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1709866", absZh: "\u5168\u7403\u591A\u4E2D\u5FC3\u7814\u7A76\uFF0C\u8BC4\u4F30 CAR-T \u7EC6\u80DE\u6CBB\u7597\u590D\u53D1\u6216\u96BE\u6CBB\u6027 B \u7EC6\u80DE\u6025\u6027\u6DCB\u5DF4\u7EC6\u80DE\u767D\u8840\u75C5\u7684\u7F13\u89E3\u4E0E\u6301\u7EED\u65F6\u95F4\u3002", absEn: "A global multicentre study of CAR T-cell therapy in relapsed or refractory B-cell ALL in children and young adults, on remission and its durability." },
  { title: "Empagliflozin, Cardiovascular Outcomes, and Mortality in Type 2 Diabetes", zh: "\u6069\u683C\u5217\u51C0\u4E0E 2 \u578B\u7CD6\u5C3F\u75C5\u7684\u5FC3\u8840\u7BA1\u7ED3\u5C40\u548C\u6B7B\u4EA1\u7387", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1504720", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30 SGLT2 \u6291\u5236\u5242\u5BF9\u9AD8\u5FC3\u8840\u7BA1\u98CE\u9669 2 \u578B\u7CD6\u5C3F\u75C5\u60A3\u8005\u4E3B\u8981\u5FC3\u8840\u7BA1\u4E8B\u4EF6\u548C\u6B7B\u4EA1\u7684\u5F71\u54CD\u3002", absEn: "A randomised trial of an SGLT2 inhibitor in type 2 diabetes at high cardiovascular risk, on major cardiovascular events and death." },
  { title: "Thrombectomy 6 to 24 Hours after Stroke with a Mismatch between Deficit and Infarct", zh: "\u75C7\u72B6\u4E0E\u6897\u6B7B\u4E0D\u5339\u914D\u7684\u5352\u4E2D\u60A3\u8005\u53D1\u75C5 6 \u81F3 24 \u5C0F\u65F6\u53D6\u6813", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1706442", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30\u4E34\u5E8A\u4E0E\u5F71\u50CF\u4E0D\u5339\u914D\u7684\u524D\u5FAA\u73AF\u5927\u8840\u7BA1\u95ED\u585E\u60A3\u8005\u5728\u665A\u65F6\u95F4\u7A97\u63A5\u53D7\u53D6\u6813\u7684\u529F\u80FD\u7ED3\u5C40\u3002", absEn: "A randomised trial of thrombectomy in a late time window for anterior-circulation large-vessel occlusion with a clinical\u2013imaging mismatch, on functional outcome." },
  { title: "Ibrutinib as Initial Therapy for Patients with Chronic Lymphocytic Leukemia", zh: "\u4F0A\u5E03\u66FF\u5C3C\u4E00\u7EBF\u6CBB\u7597\u6162\u6027\u6DCB\u5DF4\u7EC6\u80DE\u767D\u8840\u75C5", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1509388", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u6BD4\u8F83 BTK \u6291\u5236\u5242\u4E0E\u82EF\u4E01\u9178\u6C2E\u82A5\u4E00\u7EBF\u6CBB\u7597\u8001\u5E74\u6162\u6027\u6DCB\u5DF4\u7EC6\u80DE\u767D\u8840\u75C5\u7684\u7597\u6548\u3002", absEn: "A randomised trial comparing a BTK inhibitor with chlorambucil as initial therapy for older patients with CLL." },
  { title: "Combined Nivolumab and Ipilimumab or Monotherapy in Untreated Melanoma", zh: "\u7EB3\u6B66\u5229\u5C24\u5355\u6297\u8054\u5408\u4F0A\u5339\u6728\u5355\u6297\u6216\u5355\u836F\u6CBB\u7597\u521D\u6CBB\u9ED1\u8272\u7D20\u7624", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa1504030", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u6BD4\u8F83 PD-1 \u4E0E CTLA-4 \u6291\u5236\u5242\u8054\u5408\u53CA\u5355\u836F\u6CBB\u7597\u665A\u671F\u9ED1\u8272\u7D20\u7624\u7684\u65E0\u8FDB\u5C55\u751F\u5B58\u671F\u3002", absEn: "A randomised trial comparing combined PD-1 and CTLA-4 blockade with either agent alone in advanced melanoma, on progression-free survival." },
  { title: "Trastuzumab Deruxtecan in Previously Treated HER2-Low Advanced Breast Cancer", zh: "\u5FB7\u66F2\u59A5\u73E0\u5355\u6297\u6CBB\u7597\u7ECF\u6CBB HER2 \u4F4E\u8868\u8FBE\u665A\u671F\u4E73\u817A\u764C", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa2203690", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u6BD4\u8F83\u6297\u4F53\u5076\u8054\u836F\u7269\u4E0E\u533B\u751F\u9009\u62E9\u5316\u7597\u6CBB\u7597 HER2 \u4F4E\u8868\u8FBE\u665A\u671F\u4E73\u817A\u764C\u7684\u751F\u5B58\u7ED3\u5C40\u3002", absEn: "A randomised trial comparing an antibody\u2013drug conjugate with physician's choice of chemotherapy in HER2-low advanced breast cancer, on survival." },
  { title: "Semaglutide and Cardiovascular Outcomes in Obesity without Diabetes", zh: "\u53F8\u7F8E\u683C\u9C81\u80BD\u4E0E\u65E0\u7CD6\u5C3F\u75C5\u80A5\u80D6\u4EBA\u7FA4\u7684\u5FC3\u8840\u7BA1\u7ED3\u5C40", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa2307563", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30 GLP-1 \u53D7\u4F53\u6FC0\u52A8\u5242\u5728\u5408\u5E76\u5FC3\u8840\u7BA1\u75C5\u7684\u8D85\u91CD\u6216\u80A5\u80D6\u975E\u7CD6\u5C3F\u75C5\u4EBA\u7FA4\u4E2D\u5BF9\u4E3B\u8981\u5FC3\u8840\u7BA1\u4E8B\u4EF6\u7684\u5F71\u54CD\u3002", absEn: "A randomised trial of a GLP-1 receptor agonist in people with overweight or obesity and cardiovascular disease but no diabetes, on major cardiovascular events." },
  { title: "Lecanemab in Early Alzheimer's Disease", zh: "\u4ED1\u5361\u5948\u5355\u6297\u6CBB\u7597\u65E9\u671F\u963F\u5C14\u8328\u6D77\u9ED8\u75C5", journal: "The New England Journal of Medicine", doi: "10.1056/NEJMoa2212948", absZh: "\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C\uFF0C\u8BC4\u4F30\u6297 A\u03B2 \u539F\u7EA4\u7EF4\u6297\u4F53\u5BF9\u65E9\u671F\u963F\u5C14\u8328\u6D77\u9ED8\u75C5\u60A3\u8005\u8BA4\u77E5\u529F\u80FD\u4E0B\u964D\u548C\u6DC0\u7C89\u6837\u86CB\u767D\u8D1F\u8377\u7684\u5F71\u54CD\u3002", absEn: "A randomised trial of an anti-amyloid protofibril antibody in early Alzheimer's disease, on cognitive decline and amyloid burden." }
];
var SPECIALS = [
  { kind: "album", theme: 1, zh: "\u8840\u6DB2\u80BF\u7624\u7CBE\u9009\u4E13\u8F91", en: "Hematologic Oncology Selected", descZh: "\u6DCB\u5DF4\u7624\u3001\u9AA8\u9AD3\u7624\u4E0E\u767D\u8840\u75C5\u7684\u5E74\u5EA6\u7CBE\u9009\u5185\u5BB9", descEn: "The year\u2019s best on lymphoma, myeloma and leukaemia", label: "HemOnc" },
  { kind: "album", theme: 3, zh: "\u5B9E\u4F53\u7624\u7CBE\u9009\u4E13\u8F91", en: "Solid Tumour Selected", descZh: "\u80BA\u764C\u3001\u4E73\u817A\u764C\u4E0E\u6D88\u5316\u9053\u80BF\u7624\u7684\u91CD\u70B9\u8FDB\u5C55", descEn: "Key progress in lung, breast and GI cancers", label: "Oncology" },
  { kind: "album", theme: 1, zh: "\u56FD\u9645\u4F1A\u8BAE\u4EAE\u70B9\u5408\u8F91", en: "International Meeting Highlights", descZh: "\u56FD\u9645\u8840\u6DB2\u5B66\u4E0E\u80BF\u7624\u5B66\u4F1A\u8BAE\u7684\u91CD\u78C5\u7814\u7A76", descEn: "Headline studies from international hematology and oncology meetings", label: "Highlights" },
  { kind: "topic", theme: null, zh: "\u80BA\u764C\u9776\u5411\u6CBB\u7597\u4E13\u9898", en: "Targeted Therapy for Lung Cancer", descZh: "EGFR\u3001ALK\u3001KRAS \u7B49\u9A71\u52A8\u57FA\u56E0\u7684\u6CBB\u7597\u5168\u666F", descEn: "The treatment landscape for EGFR, ALK, KRAS and other drivers", label: "NSCLC" },
  { kind: "topic", theme: null, zh: "CAR-T \u7EC6\u80DE\u6CBB\u7597\u4E13\u9898", en: "CAR-T Cell Therapy", descZh: "\u9002\u5E94\u8BC1\u3001\u4E0D\u826F\u53CD\u5E94\u7BA1\u7406\u4E0E\u957F\u671F\u968F\u8BBF", descEn: "Indications, toxicity management and long-term follow-up", label: "CAR-T" },
  { kind: "topic", theme: null, zh: "\u5FC3\u529B\u8870\u7AED\u7BA1\u7406\u4E13\u9898", en: "Heart Failure Management", descZh: "\u4ECE\u6307\u5357\u5230\u5B9E\u8DF5\u7684\u5FC3\u8870\u5168\u7A0B\u7BA1\u7406", descEn: "Heart failure care from guideline to practice", label: "HF" },
  { kind: "topic", theme: null, zh: "\u5352\u4E2D\u6025\u6551\u4E13\u9898", en: "Acute Stroke Care", descZh: "\u9662\u524D\u8BC6\u522B\u3001\u6EB6\u6813\u53D6\u6813\u4E0E\u5352\u4E2D\u5355\u5143", descEn: "Pre-hospital recognition, reperfusion and stroke units", label: "Stroke" },
  { kind: "topic", theme: null, zh: "\u7CD6\u5C3F\u75C5\u7EFC\u5408\u7BA1\u7406\u4E13\u9898", en: "Comprehensive Diabetes Care", descZh: "\u964D\u7CD6\u3001\u5FC3\u80BE\u4FDD\u62A4\u4E0E\u5E76\u53D1\u75C7\u7B5B\u67E5", descEn: "Glucose control, cardiorenal protection and complication screening", label: "Diabetes" }
];
var TOPIC_MATCH = {
  3: /肺癌|EGFR|奥希替尼|帕博利珠/,
  4: /CAR-T|Tisagenlecleucel|Axicabtagene|淋巴瘤|白血病|骨髓瘤/,
  5: /心力衰竭|心衰|达格列净/,
  6: /卒中|取栓|溶栓/,
  7: /糖尿病|降糖|SGLT2|恩格列净|司美格鲁肽|GLP-1/
};
var TOPIC_ITEMS_PER_MODULE = 8;
var HOT_WORDS = [
  ["\u6DCB\u5DF4\u7624", "Lymphoma"],
  ["\u591A\u53D1\u6027\u9AA8\u9AD3\u7624", "Multiple myeloma"],
  ["CAR-T", "CAR-T"],
  ["\u514D\u75AB\u6CBB\u7597", "Immunotherapy"],
  ["EGFR", "EGFR"],
  ["\u80BA\u764C", "Lung cancer"],
  ["\u4E73\u817A\u764C", "Breast cancer"],
  ["ADC", "ADC"],
  ["\u5FC3\u529B\u8870\u7AED", "Heart failure"],
  ["\u623F\u98A4", "Atrial fibrillation"],
  ["\u5352\u4E2D", "Stroke"],
  ["\u963F\u5C14\u8328\u6D77\u9ED8\u75C5", "Alzheimer's disease"],
  ["\u7CD6\u5C3F\u75C5", "Diabetes"],
  ["SGLT2 \u6291\u5236\u5242", "SGLT2 inhibitors"],
  ["\u767D\u8840\u75C5", "Leukaemia"],
  ["\u6307\u5357\u89E3\u8BFB", "Guideline review"],
  ["\u5FC3\u7535\u56FE", "ECG"],
  ["\u6162\u963B\u80BA", "COPD"]
];

// src/seed/data/lives.ts
var LIVES = [
  { zh: "CSCO \u6DCB\u5DF4\u7624\u8BCA\u7597\u6307\u5357\u66F4\u65B0\u89E3\u8BFB\u4F1A", en: "CSCO Lymphoma Guidelines: What Is New", subZh: "\u6307\u5357\u4E13\u5BB6\u7EC4\u9010\u6761\u89E3\u8BFB\u66F4\u65B0\u8981\u70B9", subEn: "Panel members walk through each change", startMin: -40, durationMin: 150, replay: true, organizer: 1, dep: "hematology", speaker: 2, preview: true },
  { zh: "\u5FC3\u529B\u8870\u7AED\u5168\u7A0B\u7BA1\u7406\u75C5\u4F8B\u7814\u8BA8", en: "Heart Failure Across the Course of Care: Case Workshop", subZh: "\u4ECE\u6025\u6027\u671F\u5230\u957F\u671F\u968F\u8BBF\u7684\u771F\u5B9E\u75C5\u4F8B", subEn: "Real cases from the acute phase to long-term follow-up", startMin: 120, durationMin: 90, replay: true, organizer: 3, dep: "cardiology", speaker: 3, preview: true },
  { zh: "\u6025\u6027\u5352\u4E2D\u7EFF\u8272\u901A\u9053\u5EFA\u8BBE\u7ECF\u9A8C\u8C08", en: "Building a Fast Track for Acute Stroke", subZh: "\u7F29\u77ED\u5165\u9662\u81F3\u6EB6\u6813\u65F6\u95F4\u7684\u5B9E\u8DF5", subEn: "Cutting door-to-needle time in practice", startMin: 240, durationMin: 90, replay: false, organizer: 4, dep: "neurology", speaker: 4, preview: false },
  { zh: "\u80BA\u764C\u9776\u5411\u8010\u836F\u540E\u7684\u6CBB\u7597\u9009\u62E9", en: "Lung Cancer After Targeted-Therapy Resistance", subZh: "\u518D\u6D3B\u68C0\u3001\u8054\u5408\u6CBB\u7597\u4E0E\u4E34\u5E8A\u8BD5\u9A8C", subEn: "Re-biopsy, combinations and clinical trials", startMin: 360, durationMin: 120, replay: true, organizer: 1, dep: "oncology", speaker: 10, preview: true },
  { zh: "\u591A\u53D1\u6027\u9AA8\u9AD3\u7624\u65B0\u836F\u65F6\u4EE3\u7684\u6CBB\u7597\u6392\u5E8F", en: "Sequencing Therapy for Myeloma in the New-Drug Era", subZh: "\u56DB\u836F\u8054\u5408\u4E0E CAR-T \u7684\u5B9A\u4F4D", subEn: "Where quadruplets and CAR-T fit", startMin: 26 * 60, durationMin: 120, replay: true, organizer: 2, dep: "hematology", speaker: 11, preview: false },
  { zh: "\u7CD6\u5C3F\u75C5\u5408\u5E76\u5FC3\u8840\u7BA1\u75C5\u7684\u7EFC\u5408\u7BA1\u7406", en: "Diabetes with Cardiovascular Disease: Integrated Care", subZh: "\u5185\u5206\u6CCC\u4E0E\u5FC3\u5185\u79D1\u8054\u5408\u95E8\u8BCA\u5B9E\u8DF5", subEn: "A joint endocrinology\u2013cardiology clinic", startMin: 2 * 1440 + 180, durationMin: 90, replay: true, organizer: null, dep: "endocrinology", speaker: 8, preview: false },
  { zh: "\u91CD\u75C7\u80BA\u708E\u6297\u611F\u67D3\u6CBB\u7597\u7B56\u7565", en: "Antimicrobial Strategy in Severe Pneumonia", subZh: "\u75C5\u539F\u5B66\u68C0\u6D4B\u4E0E\u964D\u9636\u68AF\u6CBB\u7597", subEn: "Pathogen testing and de-escalation", startMin: 3 * 1440 + 60, durationMin: 90, replay: true, organizer: 6, dep: "respiratory", speaker: 7, preview: false },
  { zh: "\u6D88\u5316\u9053\u65E9\u764C\u5185\u955C\u8BCA\u65AD\u8BFB\u7247\u4F1A", en: "Early GI Cancer: Endoscopy Image Reading Session", subZh: "\u653E\u5927\u5185\u955C\u4E0E\u67D3\u8272\u6280\u672F", subEn: "Magnifying endoscopy and chromoendoscopy", startMin: 5 * 1440 + 120, durationMin: 120, replay: true, organizer: null, dep: "gastroenterology", speaker: 12, preview: false },
  { zh: "\u4E2D\u56FD\u6297\u764C\u534F\u4F1A\u9752\u5E74\u533B\u5E08\u8BBA\u575B", en: "China Anti-Cancer Association Young Physicians Forum", subZh: "\u4E34\u5E8A\u79D1\u7814\u8BBE\u8BA1\u4E0E\u8BBA\u6587\u5199\u4F5C", subEn: "Designing clinical research and writing it up", startMin: 9 * 1440, durationMin: 180, replay: true, organizer: 5, dep: "oncology", speaker: 15, preview: false },
  { zh: "\u8010\u836F\u83CC\u611F\u67D3\u9632\u63A7\u591A\u5B66\u79D1\u8BBA\u575B", en: "Multidisciplinary Forum on Drug-Resistant Infections", subZh: "\u6297\u83CC\u836F\u7269\u7BA1\u7406\u4E0E\u611F\u67D3\u63A7\u5236", subEn: "Antimicrobial stewardship and infection control", startMin: 14 * 1440 + 90, durationMin: 150, replay: false, organizer: null, dep: "infectious", speaker: 13, preview: false },
  { zh: "CAR-T \u6CBB\u7597\u5168\u6D41\u7A0B\u7BA1\u7406\u7814\u8BA8\u4F1A", en: "CAR-T Therapy from Referral to Follow-up", subZh: "\u7EC6\u80DE\u56E0\u5B50\u91CA\u653E\u7EFC\u5408\u5F81\u7684\u5206\u7EA7\u5904\u7406", subEn: "Grading and managing cytokine release syndrome", startMin: -1 * 1440 - 120, durationMin: 120, replay: true, organizer: 2, dep: "hematology", speaker: 6, preview: false },
  { zh: "\u623F\u98A4\u5BFC\u7BA1\u6D88\u878D\u70ED\u70B9\u95EE\u9898\u8FA9\u8BBA", en: "Atrial Fibrillation Ablation: A Debate", subZh: "\u65E9\u671F\u8282\u5F8B\u63A7\u5236\u662F\u5426\u4F18\u4E8E\u5FC3\u7387\u63A7\u5236", subEn: "Is early rhythm control better than rate control?", startMin: -3 * 1440, durationMin: 90, replay: true, organizer: 3, dep: "cardiology", speaker: 16, preview: false },
  { zh: "\u963F\u5C14\u8328\u6D77\u9ED8\u75C5\u8BCA\u7597\u8FDB\u5C55\u62A5\u544A\u4F1A", en: "Alzheimer's Disease: Progress Report", subZh: "\u751F\u7269\u6807\u5FD7\u7269\u4E0E\u6297 A\u03B2 \u6CBB\u7597", subEn: "Biomarkers and anti-amyloid treatment", startMin: -6 * 1440 + 60, durationMin: 120, replay: false, organizer: 4, dep: "neurology", speaker: 14, preview: false },
  { zh: "\u4E73\u817A\u764C ADC \u836F\u7269\u4E34\u5E8A\u5E94\u7528\u6C99\u9F99", en: "Breast Cancer ADCs in Clinical Use: A Salon", subZh: "HER2 \u4F4E\u8868\u8FBE\u60A3\u8005\u7684\u6CBB\u7597\u9009\u62E9", subEn: "Treatment choices in HER2-low disease", startMin: -10 * 1440, durationMin: 120, replay: true, organizer: 1, dep: "oncology", speaker: 21, preview: false }
];
var PAST_LIVES = [
  { zh: "\u6DCB\u5DF4\u7624 CAR-T \u771F\u5B9E\u4E16\u754C\u6570\u636E\u5206\u4EAB", en: "CAR-T in Lymphoma: Real-World Data", subZh: "\u591A\u4E2D\u5FC3\u7ECF\u9A8C\u4E0E\u4E0D\u826F\u53CD\u5E94\u7BA1\u7406", subEn: "Multicentre experience and managing toxicity", startMin: -16 * 1440 + 120, durationMin: 120, replay: true, organizer: 2, dep: "hematology", speaker: 2, preview: true },
  { zh: "\u9AD8\u8840\u538B\u6025\u75C7\u7684\u8BC6\u522B\u4E0E\u5904\u7406", en: "Recognising and Treating Hypertensive Emergencies", subZh: "\u6025\u8BCA\u79D1\u4E0E\u5FC3\u5185\u79D1\u7684\u534F\u4F5C", subEn: "Emergency and cardiology working together", startMin: -23 * 1440 + 60, durationMin: 90, replay: true, organizer: 3, dep: "cardiology", speaker: 3, preview: false },
  { zh: "\u5E15\u91D1\u68EE\u75C5\u7684\u5168\u7A0B\u7BA1\u7406", en: "Parkinson's Disease Across Its Course", subZh: "\u836F\u7269\u8C03\u6574\u4E0E\u8111\u6DF1\u90E8\u7535\u523A\u6FC0", subEn: "Adjusting medication and deep brain stimulation", startMin: -35 * 1440, durationMin: 120, replay: true, organizer: 4, dep: "neurology", speaker: 4, preview: true },
  { zh: "\u514D\u75AB\u6CBB\u7597\u76F8\u5173\u4E0D\u826F\u53CD\u5E94 MDT", en: "Immune-Related Adverse Events: An MDT Session", subZh: "\u80BA\u708E\u3001\u7ED3\u80A0\u708E\u4E0E\u5185\u5206\u6CCC\u6BD2\u6027", subEn: "Pneumonitis, colitis and endocrine toxicity", startMin: -48 * 1440 + 90, durationMin: 150, replay: true, organizer: 1, dep: "oncology", speaker: 10, preview: false },
  { zh: "\u7532\u72B6\u817A\u7ED3\u8282\u7684\u89C4\u8303\u5316\u8BCA\u7597", en: "Thyroid Nodules: Standard Work-up and Care", subZh: "\u8D85\u58F0\u5206\u7EA7\u4E0E\u7EC6\u9488\u7A7F\u523A", subEn: "Ultrasound grading and fine-needle aspiration", startMin: -62 * 1440, durationMin: 90, replay: false, organizer: null, dep: "endocrinology", speaker: 8, preview: false },
  { zh: "\u6162\u963B\u80BA\u6025\u6027\u52A0\u91CD\u7684\u6551\u6CBB", en: "Acute Exacerbations of COPD", subZh: "\u65E0\u521B\u901A\u6C14\u4E0E\u6297\u611F\u67D3\u6CBB\u7597", subEn: "Non-invasive ventilation and antibiotics", startMin: -80 * 1440 + 60, durationMin: 120, replay: true, organizer: 6, dep: "respiratory", speaker: 7, preview: false },
  { zh: "\u708E\u75C7\u6027\u80A0\u75C5\u751F\u7269\u5236\u5242\u9009\u62E9", en: "Choosing Biologics in Inflammatory Bowel Disease", subZh: "\u4E00\u7EBF\u4E0E\u8F6C\u6362\u6CBB\u7597", subEn: "First line and switching", startMin: -110 * 1440, durationMin: 90, replay: true, organizer: null, dep: "gastroenterology", speaker: 12, preview: false },
  { zh: "\u4FB5\u88AD\u6027\u771F\u83CC\u611F\u67D3\u8BCA\u6CBB\u8FDB\u5C55", en: "Invasive Fungal Infections: Diagnosis and Treatment", subZh: "\u8840\u6DB2\u75C5\u60A3\u8005\u7684\u9884\u9632\u4E0E\u7ECF\u9A8C\u6CBB\u7597", subEn: "Prophylaxis and empirical therapy in haematology patients", startMin: -150 * 1440 + 120, durationMin: 120, replay: true, organizer: 5, dep: "infectious", speaker: 13, preview: false },
  { zh: "\u6025\u6027\u767D\u8840\u75C5 MRD \u76D1\u6D4B\u7814\u8BA8", en: "Measurable Residual Disease in Acute Leukaemia", subZh: "\u6D41\u5F0F\u4E0E\u4E8C\u4EE3\u6D4B\u5E8F\u7684\u6BD4\u8F83", subEn: "Flow cytometry versus next-generation sequencing", startMin: -200 * 1440, durationMin: 120, replay: true, organizer: 2, dep: "hematology", speaker: 11, preview: false },
  { zh: "\u51A0\u8109\u4ECB\u5165\u5E76\u53D1\u75C7\u75C5\u4F8B\u8BA8\u8BBA", en: "Complications of Coronary Intervention: Case Review", subZh: "\u7A7F\u5B54\u3001\u65E0\u590D\u6D41\u4E0E\u652F\u67B6\u8840\u6813", subEn: "Perforation, no-reflow and stent thrombosis", startMin: -300 * 1440 + 60, durationMin: 150, replay: true, organizer: 3, dep: "cardiology", speaker: 16, preview: true },
  { zh: "\u5E74\u5EA6\u80BF\u7624\u5B66\u8FDB\u5C55\u56DE\u987E", en: "The Year in Oncology: A Review", subZh: "\u6539\u53D8\u5B9E\u8DF5\u7684\u5341\u9879\u7814\u7A76", subEn: "Ten studies that changed practice", startMin: -400 * 1440, durationMin: 180, replay: true, organizer: 1, dep: "oncology", speaker: 15, preview: false }
];

// src/seed/data/news.ts
var NEWS_CATEGORIES = [
  { zh: "\u5B66\u672F\u524D\u6CBF", en: "Research Frontiers", pointsZh: ["\u7814\u7A76\u8BBE\u8BA1\u4E0E\u4E3B\u8981\u53D1\u73B0", "\u5BF9\u4E34\u5E8A\u5B9E\u8DF5\u7684\u6F5C\u5728\u5F71\u54CD", "\u5C1A\u5F85\u56DE\u7B54\u7684\u95EE\u9898\u4E0E\u540E\u7EED\u65B9\u5411"], pointsEn: ["Study design and main findings", "What it may change in practice", "Open questions and next steps"] },
  { zh: "\u6307\u5357\u5171\u8BC6", en: "Guidelines & Consensus", pointsZh: ["\u66F4\u65B0\u7684\u63A8\u8350\u6761\u76EE\u4E0E\u8BC1\u636E\u7B49\u7EA7", "\u4E0E\u4E0A\u4E00\u7248\u76F8\u6BD4\u7684\u4E3B\u8981\u53D8\u5316", "\u57FA\u5C42\u843D\u5730\u7684\u6CE8\u610F\u4E8B\u9879"], pointsEn: ["Updated recommendations and levels of evidence", "Main changes from the previous edition", "Points to watch when applying it locally"] },
  { zh: "\u4F1A\u8BAE\u62A5\u9053", en: "Conference Reports", pointsZh: ["\u5927\u4F1A\u91CD\u70B9\u62A5\u544A\u4E0E\u53D1\u5E03\u7684\u6570\u636E", "\u4E13\u5BB6\u8BA8\u8BBA\u7684\u4E89\u8BAE\u7126\u70B9", "\u5BF9\u56FD\u5185\u4E34\u5E8A\u7684\u542F\u793A"], pointsEn: ["Key presentations and data released", "Points of debate among experts", "Lessons for practice in China"] },
  { zh: "\u4E34\u5E8A\u7814\u7A76", en: "Clinical Research", pointsZh: ["\u7814\u7A76\u4EBA\u7FA4\u4E0E\u5E72\u9884\u63AA\u65BD", "\u4E3B\u8981\u7EC8\u70B9\u4E0E\u5B89\u5168\u6027\u7ED3\u679C", "\u7ED3\u679C\u89E3\u8BFB\u4E0E\u5C40\u9650\u6027"], pointsEn: ["Population and intervention", "Primary endpoint and safety results", "Interpretation and limitations"] },
  { zh: "\u836F\u68B0\u52A8\u6001", en: "Drugs & Devices", pointsZh: ["\u9002\u5E94\u8BC1\u4E0E\u7528\u6CD5\u7528\u91CF", "\u7597\u6548\u4E0E\u5B89\u5168\u6027\u6570\u636E", "\u7528\u836F\u76D1\u6D4B\u4E0E\u60A3\u8005\u6559\u80B2"], pointsEn: ["Indication and dosing", "Efficacy and safety data", "Monitoring and patient education"] },
  { zh: "\u533B\u9662\u7BA1\u7406", en: "Hospital Management", pointsZh: ["\u5B9E\u65BD\u80CC\u666F\u4E0E\u7EC4\u7EC7\u67B6\u6784", "\u5173\u952E\u6D41\u7A0B\u4E0E\u8D28\u91CF\u6307\u6807", "\u7ECF\u9A8C\u603B\u7ED3\u4E0E\u63A8\u5E7F\u5EFA\u8BAE"], pointsEn: ["Background and organisation", "Key processes and quality indicators", "Lessons learned and how to scale up"] }
];
var NEWS = [
  { category: 0, dep: "hematology", zh: "\u53CC\u7279\u5F02\u6027\u6297\u4F53\u5728\u590D\u53D1\u96BE\u6CBB\u6027\u6DCB\u5DF4\u7624\u4E2D\u663E\u793A\u6301\u4E45\u7F13\u89E3", en: "Bispecific antibodies show durable responses in relapsed or refractory lymphoma" },
  { category: 0, dep: "oncology", zh: "\u6DB2\u4F53\u6D3B\u68C0\u6307\u5BFC\u80BA\u764C\u9776\u5411\u6CBB\u7597\u7684\u4E34\u5E8A\u4EF7\u503C", en: "The clinical value of liquid biopsy in guiding targeted therapy for lung cancer" },
  { category: 0, dep: "hematology", zh: "\u5355\u7EC6\u80DE\u6D4B\u5E8F\u63ED\u793A\u767D\u8840\u75C5\u8010\u836F\u7684\u65B0\u673A\u5236", en: "Single-cell sequencing reveals new mechanisms of leukaemia drug resistance" },
  { category: 0, dep: "cardiology", zh: "\u4EBA\u5DE5\u667A\u80FD\u8F85\u52A9\u5FC3\u7535\u56FE\u7B5B\u67E5\u5DE6\u5FC3\u5BA4\u529F\u80FD\u969C\u788D", en: "AI-assisted ECG screening for left ventricular dysfunction" },
  { category: 0, dep: "oncology", zh: "\u80A0\u9053\u83CC\u7FA4\u4E0E\u514D\u75AB\u6CBB\u7597\u7597\u6548\u5173\u7CFB\u7684\u7814\u7A76\u8FDB\u5C55", en: "Gut microbiota and response to immunotherapy: a research update" },
  { category: 0, dep: "neurology", zh: "\u8840\u6DB2\u751F\u7269\u6807\u5FD7\u7269\u52A9\u529B\u963F\u5C14\u8328\u6D77\u9ED8\u75C5\u65E9\u671F\u8BCA\u65AD", en: "Blood biomarkers for the early diagnosis of Alzheimer's disease" },
  { category: 0, dep: "oncology", zh: "mRNA \u6280\u672F\u5728\u80BF\u7624\u75AB\u82D7\u4E2D\u7684\u5E94\u7528\u524D\u666F", en: "Prospects of mRNA technology in cancer vaccines" },
  { category: 1, dep: "cardiology", zh: "\u65B0\u7248\u5FC3\u529B\u8870\u7AED\u8BCA\u7597\u6307\u5357\u8981\u70B9\u901F\u89C8", en: "Highlights of the updated heart failure guideline" },
  { category: 1, dep: "hematology", zh: "\u539F\u53D1\u514D\u75AB\u6027\u8840\u5C0F\u677F\u51CF\u5C11\u75C7\u8BCA\u6CBB\u4E2D\u56FD\u4E13\u5BB6\u5171\u8BC6\u89E3\u8BFB", en: "Chinese expert consensus on primary immune thrombocytopenia" },
  { category: 1, dep: "respiratory", zh: "\u6210\u4EBA\u793E\u533A\u83B7\u5F97\u6027\u80BA\u708E\u8BCA\u7597\u6307\u5357\u66F4\u65B0\u8981\u70B9", en: "Key updates to the adult community-acquired pneumonia guideline" },
  { category: 1, dep: "neurology", zh: "\u6025\u6027\u7F3A\u8840\u6027\u8111\u5352\u4E2D\u8840\u7BA1\u5185\u6CBB\u7597\u5171\u8BC6\u89E3\u8BFB", en: "Consensus on endovascular treatment of acute ischaemic stroke" },
  { category: 1, dep: "endocrinology", zh: "2 \u578B\u7CD6\u5C3F\u75C5\u5408\u5E76\u6162\u6027\u80BE\u810F\u75C5\u7BA1\u7406\u5171\u8BC6\u53D1\u5E03", en: "Consensus on managing type 2 diabetes with chronic kidney disease" },
  { category: 1, dep: "oncology", zh: "\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C\u5206\u5B50\u68C0\u6D4B\u4E13\u5BB6\u5171\u8BC6\u89E3\u8BFB", en: "Expert consensus on molecular testing in non-small cell lung cancer" },
  { category: 1, dep: "hematology", zh: "\u591A\u53D1\u6027\u9AA8\u9AD3\u7624\u81EA\u4F53\u79FB\u690D\u4E34\u5E8A\u8DEF\u5F84\u66F4\u65B0", en: "Updated clinical pathway for autologous transplantation in multiple myeloma" },
  { category: 2, dep: "hematology", zh: "\u5E74\u5EA6\u8840\u6DB2\u5B66\u5927\u4F1A\uFF1A\u6DCB\u5DF4\u7624\u9886\u57DF\u4E94\u5927\u770B\u70B9", en: "Annual hematology congress: five highlights in lymphoma" },
  { category: 2, dep: "oncology", zh: "\u80BF\u7624\u5B66\u5E74\u4F1A\u805A\u7126\u6297\u4F53\u5076\u8054\u836F\u7269\u65B0\u6570\u636E", en: "Oncology congress focuses on new antibody\u2013drug conjugate data" },
  { category: 2, dep: "cardiology", zh: "\u5FC3\u8840\u7BA1\u75C5\u5B66\u672F\u4F1A\u8BAE\u70ED\u8BAE\u5FC3\u8870\u65E9\u671F\u5E72\u9884", en: "Cardiology meeting debates early intervention in heart failure" },
  { category: 2, dep: "neurology", zh: "\u795E\u7ECF\u75C5\u5B66\u5E74\u4F1A\uFF1A\u5352\u4E2D\u6025\u6551\u4F53\u7CFB\u5EFA\u8BBE\u7ECF\u9A8C\u5206\u4EAB", en: "Neurology annual meeting: building stroke emergency systems" },
  { category: 2, dep: "respiratory", zh: "\u547C\u5438\u75C5\u5B66\u5927\u4F1A\u53D1\u5E03\u6162\u963B\u80BA\u9632\u6CBB\u65B0\u4E3E\u63AA", en: "Respiratory congress announces new COPD prevention measures" },
  { category: 2, dep: "oncology", zh: "\u9752\u5E74\u533B\u5E08\u8BBA\u575B\uFF1A\u4E34\u5E8A\u79D1\u7814\u5982\u4F55\u8D77\u6B65", en: "Young physicians' forum: how to start clinical research" },
  { category: 2, dep: "infectious", zh: "\u56FD\u9645\u611F\u67D3\u75C5\u4F1A\u8BAE\u5173\u6CE8\u6297\u83CC\u836F\u7269\u7BA1\u7406", en: "International infectious disease meeting on antimicrobial stewardship" },
  { category: 3, dep: "infectious", zh: "\u56DE\u987E\uFF1A\u65B0\u51A0 mRNA \u75AB\u82D7 III \u671F\u8BD5\u9A8C\u7ED3\u679C", en: "Revisiting the phase III results of an mRNA COVID-19 vaccine", doi: "10.1056/NEJMoa2034577" },
  { category: 3, dep: "cardiology", zh: "SGLT2 \u6291\u5236\u5242\u6539\u5584\u5C04\u8840\u5206\u6570\u964D\u4F4E\u5FC3\u8870\u60A3\u8005\u9884\u540E", en: "SGLT2 inhibition improves outcomes in heart failure with reduced ejection fraction", doi: "10.1056/NEJMoa1911303" },
  { category: 3, dep: "oncology", zh: "\u5E15\u535A\u5229\u73E0\u5355\u6297\u8054\u5408\u5316\u7597\u4E00\u7EBF\u6CBB\u7597\u975E\u9CDE\u975E\u5C0F\u7EC6\u80DE\u80BA\u764C", en: "Pembrolizumab plus chemotherapy as first-line treatment of non-squamous NSCLC", doi: "10.1056/NEJMoa1801005" },
  { category: 3, dep: "oncology", zh: "\u5965\u5E0C\u66FF\u5C3C\u4E00\u7EBF\u6CBB\u7597 EGFR \u7A81\u53D8\u665A\u671F\u80BA\u764C", en: "First-line osimertinib in EGFR-mutant advanced lung cancer", doi: "10.1056/NEJMoa1713137" },
  { category: 3, dep: "neurology", zh: "\u53D1\u75C5 6 \u81F3 24 \u5C0F\u65F6\u53D6\u6813\u7684\u8BC1\u636E\u57FA\u7840", en: "The evidence for thrombectomy 6 to 24 hours after stroke onset", doi: "10.1056/NEJMoa1706442" },
  { category: 3, dep: "hematology", zh: "\u771F\u5B9E\u4E16\u754C\u7814\u7A76\uFF1ACAR-T \u6CBB\u7597\u540E\u7684\u957F\u671F\u968F\u8BBF", en: "Real-world study: long-term follow-up after CAR-T therapy" },
  { category: 3, dep: "cardiology", zh: "\u591A\u4E2D\u5FC3\u7814\u7A76\u8BC4\u4F30\u623F\u98A4\u5BFC\u7BA1\u6D88\u878D\u7684\u65F6\u673A", en: "Multicentre study on the timing of catheter ablation for atrial fibrillation" },
  { category: 4, dep: "cardiology", zh: "\u65B0\u578B\u53E3\u670D\u6297\u51DD\u836F\u5728\u7279\u6B8A\u4EBA\u7FA4\u4E2D\u7684\u4F7F\u7528\u63D0\u793A", en: "Prescribing notes for direct oral anticoagulants in special populations" },
  { category: 4, dep: "oncology", zh: "\u56FD\u4EA7 PD-1 \u6291\u5236\u5242\u65B0\u9002\u5E94\u8BC1\u83B7\u6279", en: "Domestic PD-1 inhibitor approved for a new indication" },
  { category: 4, dep: "endocrinology", zh: "\u957F\u6548 GLP-1 \u53D7\u4F53\u6FC0\u52A8\u5242\u7684\u5FC3\u8840\u7BA1\u83B7\u76CA", en: "Cardiovascular benefits of long-acting GLP-1 receptor agonists", doi: "10.1056/NEJMoa2307563" },
  { category: 4, dep: "cardiology", zh: "\u53EF\u7A7F\u6234\u8BBE\u5907\u5728\u5FC3\u5F8B\u5931\u5E38\u76D1\u6D4B\u4E2D\u7684\u5E94\u7528", en: "Wearable devices for arrhythmia monitoring" },
  { category: 4, dep: "neurology", zh: "\u6297 A\u03B2 \u5355\u6297\u7684\u7528\u836F\u76D1\u6D4B\u4E0E\u5B89\u5168\u6027\u7BA1\u7406", en: "Monitoring and safety management of anti-amyloid antibodies", doi: "10.1056/NEJMoa2212948" },
  { category: 4, dep: "hematology", zh: "\u65B0\u4E00\u4EE3 BTK \u6291\u5236\u5242\u7684\u8010\u53D7\u6027\u4F18\u52BF", en: "Tolerability advantages of next-generation BTK inhibitors" },
  { category: 4, dep: "oncology", zh: "\u96C6\u4E2D\u5E26\u91CF\u91C7\u8D2D\u80CC\u666F\u4E0B\u7684\u80BF\u7624\u836F\u7269\u53EF\u53CA\u6027", en: "Access to cancer drugs under volume-based procurement" },
  { category: 5, dep: "oncology", zh: "\u591A\u5B66\u79D1\u8BCA\u7597\uFF08MDT\uFF09\u95E8\u8BCA\u7684\u7EC4\u7EC7\u4E0E\u8D28\u91CF\u63A7\u5236", en: "Organising and quality-controlling MDT clinics" },
  { category: 5, dep: "cardiology", zh: "\u80F8\u75DB\u4E2D\u5FC3\u5EFA\u8BBE\u7684\u5173\u952E\u6307\u6807", en: "Key indicators for chest pain centre development" },
  { category: 5, dep: "respiratory", zh: "\u4F4F\u9662\u533B\u5E08\u89C4\u8303\u5316\u57F9\u8BAD\u4E2D\u7684\u75C5\u4F8B\u6559\u5B66", en: "Case-based teaching in standardised residency training" },
  { category: 5, dep: "gastroenterology", zh: "\u4E92\u8054\u7F51\u533B\u9662\u590D\u8BCA\u670D\u52A1\u7684\u89C4\u8303\u7BA1\u7406", en: "Regulating follow-up visits at internet hospitals" },
  { category: 5, dep: "oncology", zh: "\u4E34\u5E8A\u8BD5\u9A8C\u673A\u6784\u7684\u8D28\u91CF\u7BA1\u7406\u4F53\u7CFB", en: "Quality management systems at clinical trial sites" },
  { category: 5, dep: "neurology", zh: "\u533B\u52A1\u4EBA\u5458\u804C\u4E1A\u5026\u6020\u7684\u8BC6\u522B\u4E0E\u5E72\u9884", en: "Recognising and addressing burnout among health workers" },
  { category: 5, dep: "infectious", zh: "\u667A\u6167\u75C5\u623F\u63D0\u5347\u62A4\u7406\u6548\u7387\u7684\u5B9E\u8DF5", en: "Smart wards and nursing efficiency in practice" }
];

// src/seed/data/regions.ts
var REGIONS = [
  { key: "beijing", parent: null, zh: "\u5317\u4EAC", en: "Beijing" },
  { key: "shanghai", parent: null, zh: "\u4E0A\u6D77", en: "Shanghai" },
  { key: "tianjin", parent: null, zh: "\u5929\u6D25", en: "Tianjin" },
  { key: "guangdong", parent: null, zh: "\u5E7F\u4E1C", en: "Guangdong" },
  { key: "guangzhou", parent: "guangdong", zh: "\u5E7F\u5DDE", en: "Guangzhou" },
  { key: "sichuan", parent: null, zh: "\u56DB\u5DDD", en: "Sichuan" },
  { key: "chengdu", parent: "sichuan", zh: "\u6210\u90FD", en: "Chengdu" },
  { key: "zhejiang", parent: null, zh: "\u6D59\u6C5F", en: "Zhejiang" },
  { key: "hangzhou", parent: "zhejiang", zh: "\u676D\u5DDE", en: "Hangzhou" },
  { key: "hubei", parent: null, zh: "\u6E56\u5317", en: "Hubei" },
  { key: "wuhan", parent: "hubei", zh: "\u6B66\u6C49", en: "Wuhan" },
  { key: "usa", parent: null, zh: "\u7F8E\u56FD", en: "United States" },
  { key: "rochester", parent: "usa", zh: "\u7F57\u5207\u65AF\u7279", en: "Rochester" },
  { key: "baltimore", parent: "usa", zh: "\u5DF4\u5C14\u7684\u6469", en: "Baltimore" },
  { key: "japan", parent: null, zh: "\u65E5\u672C", en: "Japan" },
  { key: "tokyo", parent: "japan", zh: "\u4E1C\u4EAC", en: "Tokyo" },
  { key: "singapore", parent: null, zh: "\u65B0\u52A0\u5761", en: "Singapore" }
];
function regionId(key) {
  const i = REGIONS.findIndex((r) => r.key === key);
  if (i < 0) throw new Error(`unknown region ${key}`);
  return i + 1;
}

// src/seed/data/speaker-links.ts
var COLUMN_HOSTS = {
  \u80BF\u7624\u524D\u6CBF\u8BBF\u8C08: [1, 5, 21],
  \u8840\u6DB2\u75C5\u4F8B\u8BA8\u8BBA: [2, 6, 11],
  \u5FC3\u7535\u56FE\u6BCF\u5468\u4E00\u8BFB: [3, 9],
  \u795E\u7ECF\u5F71\u50CF\u89E3\u8BFB: [4, 14],
  \u4E34\u5E8A\u79D1\u7814\u65B9\u6CD5: [1, 2],
  \u533B\u5B66\u4EBA\u6587: [7, 8],
  \u6307\u5357\u901F\u9012: [3, 10]
};
var PAPER_AUTHORS = {
  "10.1056/NEJMoa2034577": [13, 22],
  "10.1056/NEJMoa1911303": [3, 9, 16],
  "10.1056/NEJMoa1801005": [1, 10],
  "10.1056/NEJMoa1713137": [10, 5],
  "10.1056/NEJMoa1707447": [2, 11],
  "10.1056/NEJMoa1709866": [6, 17],
  "10.1056/NEJMoa1504720": [8, 19],
  "10.1056/NEJMoa1706442": [4, 14],
  "10.1056/NEJMoa1509388": [2, 17],
  "10.1056/NEJMoa1504030": [15, 21],
  "10.1056/NEJMoa2203690": [1, 21],
  "10.1056/NEJMoa2307563": [19, 16],
  "10.1056/NEJMoa2212948": [4, 14]
};

// src/seed/data/site.ts
var route = (url) => ({ type: ActionType.ROUTE, data: { url }, target: "_self" });
var BANNERS = [
  { position: "home", zh: "CSCO \u6DCB\u5DF4\u7624\u8BCA\u7597\u6307\u5357\u66F4\u65B0\u89E3\u8BFB \xB7 \u6B63\u5728\u76F4\u64AD", en: "CSCO Lymphoma Guidelines Update \xB7 Live now", action: { type: ActionType.LIVE_DETAIL, data: { id: 1 }, target: "_self" } },
  { position: "home", zh: "CAR-T \u7EC6\u80DE\u6CBB\u7597\u4E34\u5E8A\u5B9E\u8DF5\u7CFB\u5217\u8BFE\u7A0B", en: "CAR-T Cell Therapy in Clinical Practice: course series", action: { type: ActionType.COURSE_DETAIL, data: { id: 11 }, target: "_self" } },
  { position: "home", zh: "\u5FC3\u529B\u8870\u7AED\u7BA1\u7406\u4E13\u9898\u4E0A\u7EBF", en: "New topic: heart failure management", action: route("/topic") },
  { position: "home", zh: "\u5B66\u672F\u4F1A\u8BAE\u65E5\u5386", en: "Conference calendar", action: route("/live") },
  { position: "home", zh: "\u4F1A\u8BAE\u5E73\u53F0\uFF1A\u4E00\u7AD9\u5F0F\u529E\u4F1A\u670D\u52A1", en: "Meeting platform: run your conference in one place", action: { type: ActionType.EXTERNAL_URL, data: { url: "https://meeting.medportal.cn/" }, target: "_blank" } },
  { position: "home_side", zh: "\u4E0B\u8F7D App\uFF0C\u968F\u65F6\u968F\u5730\u5B66\u4E60", en: "Get the app and learn anywhere", action: route("/about_us") },
  { position: "home_side", zh: "\u7EE7\u7EED\u6559\u80B2\u5B66\u5206\u67E5\u8BE2", en: "Check your CME credits", action: route("/credit") },
  { position: "user_center", zh: "\u5B8C\u5584\u8D44\u6599\uFF0C\u9886\u53D6\u5B66\u4E60\u793C\u5305", en: "Complete your profile for a learning pack", action: route("/user/myinfo") },
  { position: "user_center", zh: "\u6211\u7684\u4F18\u60E0\u5238", en: "My coupons", action: route("/user/coupon") }
];
var external = (url) => ({ type: ActionType.EXTERNAL_URL, data: { url }, target: "_blank" });
var RELATE_SITES = [
  {
    key: "creation",
    zh: "\u521B\u4F5C\u4E2D\u5FC3",
    en: "Creation Centre",
    descZh: "\u53D1\u5E03\u8BFE\u7A0B\u3001\u6587\u7AE0\u4E0E\u75C5\u4F8B",
    descEn: "Publish courses, articles and cases",
    label: "CR",
    introZh: '<p>\u521B\u4F5C\u4E2D\u5FC3\u662F\u4E13\u5BB6\u4E0E\u533B\u5B66\u7F16\u8F91\u7684\u5DE5\u4F5C\u53F0\uFF1A\u5728\u8FD9\u91CC\u5F55\u5236\u548C\u4E0A\u4F20\u8BFE\u7A0B\u3001\u64B0\u5199\u5B66\u672F\u6587\u7AE0\u3001\u6574\u7406\u75C5\u4F8B\u8BA8\u8BBA\uFF0C\u63D0\u4EA4\u540E\u7ECF\u5B66\u672F\u5BA1\u6838\u53D1\u5E03\u5230\u5E73\u53F0\uFF0C\u89E6\u8FBE\u5168\u56FD\u7684\u4E34\u5E8A\u533B\u751F\u3002</p><p>\u521B\u4F5C\u8005\u987B\u9075\u5B88<a href="/contract">\u300A\u7528\u6237\u670D\u52A1\u534F\u8BAE\u300B</a>\uFF0C\u75C5\u4F8B\u8D44\u6599\u987B\u53BB\u9664\u53EF\u8BC6\u522B\u60A3\u8005\u8EAB\u4EFD\u7684\u4FE1\u606F\u3002</p>',
    introEn: '<p>The Creation Centre is the workbench of our speakers and medical editors: record and upload courses, write articles and prepare case discussions, then publish them to clinicians across China after academic review.</p><p>Creators follow the <a href="/contract">User Agreement</a>; case material must not identify any patient.</p>',
    features: [
      { zh: "\u8BFE\u7A0B\u5236\u4F5C", en: "Course production", textZh: "\u5206\u7AE0\u8282\u4E0A\u4F20\u89C6\u9891\u4E0E\u8BB2\u4E49\uFF0C\u8BBE\u7F6E\u8BD5\u770B\u7AE0\u8282\u548C\u4EF7\u683C\u3002", textEn: "Upload video and slides chapter by chapter, set preview chapters and prices." },
      { zh: "\u6587\u7AE0\u4E0E\u75C5\u4F8B", en: "Articles and cases", textZh: "\u56FE\u6587\u7F16\u8F91\u5668\u652F\u6301\u8868\u683C\u3001\u53C2\u8003\u6587\u732E\u548C DOI \u81EA\u52A8\u94FE\u63A5\u3002", textEn: "The editor handles tables, references and links DOIs automatically." },
      { zh: "\u5B66\u672F\u5BA1\u6838", en: "Academic review", textZh: "\u5B66\u672F\u59D4\u5458\u4F1A\u5BA1\u6838\u540E\u53D1\u5E03\uFF0C\u4FEE\u6539\u610F\u89C1\u5728\u7EBF\u5F80\u6765\u3002", textEn: "An academic board reviews every piece before it goes live, with comments online." },
      { zh: "\u6570\u636E\u4E0E\u6536\u76CA", en: "Reach and revenue", textZh: "\u67E5\u770B\u5B66\u4E60\u4EBA\u6570\u3001\u8BC4\u4EF7\u4E0E\u8BFE\u7A0B\u6536\u76CA\u3002", textEn: "See learners, appraisals and course revenue." }
    ],
    links: [
      { zh: "\u8FDB\u5165\u521B\u4F5C\u4E2D\u5FC3", en: "Open the Creation Centre", action: external("https://creation.medportal.cn/") },
      { zh: "\u6D4F\u89C8\u5DF2\u53D1\u5E03\u7684\u8BFE\u7A0B", en: "Browse published courses", action: route("/course") },
      { zh: "\u6CE8\u518C\u8D26\u53F7", en: "Create an account", action: route("/register") },
      { zh: "\u8054\u7CFB\u7F16\u8F91\u90E8", en: "Contact the editors", action: route("/contact_us") }
    ]
  },
  {
    key: "literature",
    zh: "\u6587\u732E\u5DE5\u5177",
    en: "Literature Tool",
    descZh: "\u68C0\u7D22\u3001\u7BA1\u7406\u4E0E\u89E3\u8BFB\u533B\u5B66\u6587\u732E",
    descEn: "Search, organise and read the literature",
    label: "LT",
    introZh: "<p>\u6587\u732E\u5DE5\u5177\u5E2E\u52A9\u4E34\u5E8A\u533B\u751F\u9AD8\u6548\u68C0\u7D22\u3001\u7BA1\u7406\u548C\u9605\u8BFB\u533B\u5B66\u6587\u732E\uFF1A\u4E00\u6B21\u68C0\u7D22\u8986\u76D6\u4E3B\u6D41\u6570\u636E\u5E93\uFF0C\u6536\u85CF\u7684\u6587\u732E\u6309\u8BFE\u9898\u6574\u7406\uFF0C\u91CD\u8981\u7814\u7A76\u9644\u6709\u4E13\u5BB6\u4E2D\u6587\u89E3\u8BFB\u3002</p>",
    introEn: "<p>The Literature Tool helps clinicians search, organise and read the medical literature: one search across the major databases, saved papers organised by project, and expert commentary on the studies that matter.</p>",
    features: [
      { zh: "\u7EDF\u4E00\u68C0\u7D22", en: "One search", textZh: "\u4E2D\u82F1\u6587\u5173\u952E\u8BCD\u68C0\u7D22\uFF0C\u6309\u671F\u520A\u3001\u5E74\u4EFD\u548C\u7814\u7A76\u7C7B\u578B\u7B5B\u9009\u3002", textEn: "Search in Chinese or English and filter by journal, year and study type." },
      { zh: "\u6587\u732E\u7BA1\u7406", en: "Reference library", textZh: "\u6309\u8BFE\u9898\u5206\u7EC4\u6536\u85CF\uFF0C\u5BFC\u51FA\u5E38\u7528\u5F15\u6587\u683C\u5F0F\u3002", textEn: "Group saved papers by project and export common citation styles." },
      { zh: "\u4E13\u5BB6\u89E3\u8BFB", en: "Expert commentary", textZh: "\u7ECF\u5178\u4E0E\u65B0\u8FD1\u7814\u7A76\u914D\u6709\u4E13\u5BB6\u89E3\u8BFB\u548C\u8981\u70B9\u6458\u8981\u3002", textEn: "Landmark and recent studies come with expert commentary and key points." }
    ],
    links: [
      { zh: "\u8FDB\u5165\u6587\u732E\u5DE5\u5177", en: "Open the Literature Tool", action: external("https://literature.medportal.cn/") },
      { zh: "\u4E13\u9898\u4E0E\u7ECF\u5178\u6587\u732E", en: "Topics and landmark papers", action: route("/topic") },
      { zh: "\u7AD9\u5185\u641C\u7D22", en: "Search the portal", action: route("/search") }
    ]
  },
  {
    key: "meeting",
    zh: "\u4F1A\u8BAE",
    en: "Meetings",
    descZh: "\u5B66\u672F\u4F1A\u8BAE\u62A5\u540D\u3001\u76F4\u64AD\u4E0E\u56DE\u653E",
    descEn: "Register for, watch and replay meetings",
    label: "MT",
    introZh: "<p>\u4F1A\u8BAE\u5E73\u53F0\u4E3A\u5B66\u4F1A\u3001\u533B\u9662\u548C\u4E3B\u529E\u65B9\u63D0\u4F9B\u4E00\u7AD9\u5F0F\u529E\u4F1A\u670D\u52A1\uFF1A\u5728\u7EBF\u62A5\u540D\u4E0E\u7F34\u8D39\u3001\u591A\u4F1A\u573A\u76F4\u64AD\u3001\u7535\u5B50\u58C1\u62A5\u3001\u5B66\u5206\u7BA1\u7406\u548C\u4F1A\u540E\u56DE\u653E\u3002\u53C2\u4F1A\u8005\u53EF\u4EE5\u5728\u8FD9\u91CC\u62A5\u540D\u3001\u89C2\u770B\u76F4\u64AD\u5E76\u56DE\u770B\u7CBE\u5F69\u62A5\u544A\u3002</p>",
    introEn: "<p>The meeting platform gives societies, hospitals and organisers everything they need to run a conference: online registration and fees, multi-room live streaming, e-posters, credits and replays. Attendees register, watch live and catch up on the talks they missed.</p>",
    features: [
      { zh: "\u62A5\u540D\u4E0E\u7F34\u8D39", en: "Registration and fees", textZh: "\u81EA\u5B9A\u4E49\u62A5\u540D\u8868\uFF0C\u652F\u6301\u53D1\u7968\u4E0E\u56E2\u4F53\u62A5\u540D\u3002", textEn: "Custom registration forms with invoices and group registration." },
      { zh: "\u591A\u4F1A\u573A\u76F4\u64AD", en: "Multi-room streaming", textZh: "\u4E3B\u4F1A\u573A\u4E0E\u5206\u4F1A\u573A\u540C\u65F6\u76F4\u64AD\uFF0C\u652F\u6301\u4E2D\u82F1\u53CC\u8BED\u5B57\u5E55\u3002", textEn: "Plenary and parallel sessions live at once, with Chinese and English captions." },
      { zh: "\u5B66\u5206\u4E0E\u8BC1\u4E66", en: "Credits and certificates", textZh: "\u6309\u89C2\u770B\u65F6\u957F\u6838\u53D1\u7EE7\u7EED\u6559\u80B2\u5B66\u5206\u4E0E\u7535\u5B50\u8BC1\u4E66\u3002", textEn: "CME credits and certificates issued by watch time." },
      { zh: "\u4F1A\u540E\u56DE\u653E", en: "Replays", textZh: "\u4F1A\u8BAE\u7ED3\u675F\u540E\u81EA\u52A8\u751F\u6210\u56DE\u653E\uFF0C\u6309\u62A5\u544A\u68C0\u7D22\u3002", textEn: "Replays are ready after the meeting and searchable by talk." }
    ],
    links: [
      { zh: "\u8FDB\u5165\u4F1A\u8BAE\u5E73\u53F0", en: "Open the meeting platform", action: external("https://meeting.medportal.cn/") },
      { zh: "\u6B63\u5728\u8FDB\u884C\u7684\u4F1A\u8BAE\u76F4\u64AD", en: "Conferences live now", action: route("/live") },
      { zh: "\u5F80\u671F\u4F1A\u8BAE\u56DE\u653E", en: "Past conferences", action: route("/live/history") },
      { zh: "\u529E\u4F1A\u5408\u4F5C\u54A8\u8BE2", en: "Talk to us about your meeting", action: route("/contact_us") }
    ]
  },
  {
    key: "drug_newsletter",
    zh: "\u836F\u7814\u5FEB\u8BAF",
    en: "Drug Research Newsletter",
    descZh: "\u65B0\u836F\u7814\u53D1\u4E0E\u5BA1\u6279\u52A8\u6001",
    descEn: "New drug development and approvals",
    label: "DR",
    introZh: "<p>\u836F\u7814\u5FEB\u8BAF\u6BCF\u4E2A\u5DE5\u4F5C\u65E5\u6C47\u603B\u56FD\u5185\u5916\u65B0\u836F\u7814\u53D1\u3001\u4E34\u5E8A\u8BD5\u9A8C\u7ED3\u679C\u548C\u5BA1\u6279\u52A8\u6001\uFF0C\u7531\u836F\u5B66\u7F16\u8F91\u7B5B\u9009\u5E76\u6CE8\u660E\u51FA\u5904\uFF0C\u5E2E\u52A9\u60A8\u5FEB\u901F\u638C\u63E1\u6CBB\u7597\u9886\u57DF\u7684\u53D8\u5316\u3002</p>",
    introEn: "<p>Every working day the Drug Research Newsletter gathers new drug development, trial results and approvals from China and abroad, selected by pharmacy editors with their sources, so you can see at a glance what is changing in your field.</p>",
    features: [
      { zh: "\u5BA1\u6279\u52A8\u6001", en: "Approvals", textZh: "NMPA\u3001FDA\u3001EMA \u7684\u6279\u51C6\u4E0E\u9002\u5E94\u8BC1\u6269\u5C55\u3002", textEn: "Approvals and new indications from the NMPA, FDA and EMA." },
      { zh: "\u4E34\u5E8A\u8BD5\u9A8C", en: "Clinical trials", textZh: "\u5173\u952E\u8BD5\u9A8C\u7684\u4E3B\u8981\u7EC8\u70B9\u4E0E\u5B89\u5168\u6027\u6570\u636E\u3002", textEn: "Primary endpoints and safety data of pivotal trials." },
      { zh: "\u6309\u9886\u57DF\u8BA2\u9605", en: "Subscribe by field", textZh: "\u9009\u62E9\u5173\u6CE8\u7684\u6CBB\u7597\u9886\u57DF\uFF0C\u6BCF\u5468\u90AE\u4EF6\u63A8\u9001\u3002", textEn: "Choose your therapeutic areas and get a weekly email." }
    ],
    links: [
      { zh: "\u9605\u8BFB\u836F\u7814\u5FEB\u8BAF", en: "Read the newsletter", action: external("https://drug.medportal.cn/") },
      { zh: "\u836F\u68B0\u52A8\u6001\u8D44\u8BAF", en: "Drugs & Devices news", action: route("/news_cate/5") },
      { zh: "\u5168\u90E8\u5B66\u672F\u8D44\u8BAF", en: "All medical news", action: route("/news") }
    ]
  },
  {
    key: "dictionary",
    zh: "\u533B\u5B66\u8BCD\u5178",
    en: "Medical Dictionary",
    descZh: "\u4E2D\u82F1\u6587\u533B\u5B66\u672F\u8BED\u67E5\u8BE2",
    descEn: "Chinese\u2013English medical terminology",
    label: "DI",
    introZh: "<p>\u533B\u5B66\u8BCD\u5178\u6536\u5F55\u4E34\u5E8A\u5404\u5B66\u79D1\u7684\u4E2D\u82F1\u6587\u672F\u8BED\u3001\u7F29\u5199\u548C\u836F\u54C1\u540D\u79F0\uFF0C\u7ED9\u51FA\u89C4\u8303\u8BD1\u540D\u3001\u91CA\u4E49\u548C\u4F8B\u53E5\uFF0C\u65B9\u4FBF\u9605\u8BFB\u5916\u6587\u6587\u732E\u548C\u64B0\u5199\u82F1\u6587\u8BBA\u6587\u3002</p>",
    introEn: "<p>The Medical Dictionary covers Chinese and English terms, abbreviations and drug names across clinical specialties, with standard translations, definitions and examples, for reading the international literature and writing papers in English.</p>",
    features: [
      { zh: "\u89C4\u8303\u8BD1\u540D", en: "Standard terms", textZh: "\u4EE5\u5168\u56FD\u79D1\u5B66\u6280\u672F\u540D\u8BCD\u5BA1\u5B9A\u59D4\u5458\u4F1A\u516C\u5E03\u7684\u540D\u8BCD\u4E3A\u51C6\u3002", textEn: "Follows the terms approved by the China National Committee for Terms in Sciences and Technologies." },
      { zh: "\u7F29\u5199\u4E0E\u836F\u540D", en: "Abbreviations and drugs", textZh: "\u5E38\u89C1\u7F29\u5199\u5168\u79F0\u4E0E\u901A\u7528\u540D\u3001\u5546\u54C1\u540D\u5BF9\u7167\u3002", textEn: "Full forms of common abbreviations; generic and brand drug names side by side." },
      { zh: "\u4F8B\u53E5", en: "Examples", textZh: "\u53D6\u81EA\u9AD8\u8D28\u91CF\u671F\u520A\u7684\u771F\u5B9E\u4F8B\u53E5\u3002", textEn: "Real sentences from leading journals." }
    ],
    links: [
      { zh: "\u6253\u5F00\u533B\u5B66\u8BCD\u5178", en: "Open the dictionary", action: external("https://dictionary.medportal.cn/") },
      { zh: "\u7AD9\u5185\u641C\u7D22", en: "Search the portal", action: route("/search") }
    ]
  },
  {
    key: "illustration",
    zh: "\u533B\u5B66\u63D2\u753B",
    en: "Medical Illustration",
    descZh: "\u9AD8\u8D28\u91CF\u533B\u5B66\u63D2\u56FE\u7D20\u6750",
    descEn: "High-quality medical illustrations",
    label: "IL",
    introZh: "<p>\u533B\u5B66\u63D2\u753B\u63D0\u4F9B\u7531\u4E13\u4E1A\u533B\u5B66\u63D2\u753B\u5E08\u7ED8\u5236\u7684\u89E3\u5256\u3001\u75C5\u7406\u3001\u624B\u672F\u6B65\u9AA4\u548C\u673A\u5236\u793A\u610F\u56FE\uFF0C\u53EF\u7528\u4E8E\u8BFE\u4EF6\u3001\u8BBA\u6587\u548C\u60A3\u8005\u6559\u80B2\uFF0C\u5E76\u652F\u6301\u6309\u9700\u5B9A\u5236\u3002</p>",
    introEn: "<p>Medical Illustration offers anatomy, pathology, surgical-step and mechanism drawings by professional medical illustrators, for slides, papers and patient education, and takes commissions.</p>",
    features: [
      { zh: "\u4E13\u4E1A\u7D20\u6750\u5E93", en: "A professional library", textZh: "\u6309\u5B66\u79D1\u4E0E\u5668\u5B98\u5206\u7C7B\uFF0C\u652F\u6301\u4E2D\u82F1\u6587\u6807\u6CE8\u5207\u6362\u3002", textEn: "Organised by specialty and organ, with Chinese or English labels." },
      { zh: "\u6E05\u6670\u6388\u6743", en: "Clear licences", textZh: "\u6559\u5B66\u3001\u51FA\u7248\u4E0E\u5546\u4E1A\u7528\u9014\u5206\u7EA7\u6388\u6743\u3002", textEn: "Licences for teaching, publishing and commercial use." },
      { zh: "\u5B9A\u5236\u7ED8\u5236", en: "Commissions", textZh: "\u6839\u636E\u8BBA\u6587\u6216\u8BFE\u7A0B\u9700\u8981\u5B9A\u5236\u63D2\u56FE\u3002", textEn: "Custom drawings for your paper or course." }
    ],
    links: [
      { zh: "\u6D4F\u89C8\u63D2\u753B\u7D20\u6750", en: "Browse illustrations", action: external("https://illustration.medportal.cn/") },
      { zh: "\u5B9A\u5236\u63D2\u753B\u54A8\u8BE2", en: "Ask about a commission", action: route("/contact_us") },
      { zh: "\u4E13\u9898", en: "Topics", action: route("/topic") }
    ]
  }
];
var INTRO_TEXTS = [
  {
    zh: "\u5173\u4E8E\u5E73\u53F0",
    en: "About the portal",
    textZh: "\u9762\u5411\u533B\u751F\u4E0E\u533B\u7597\u4E13\u4E1A\u4EBA\u5458\u7684\u533B\u5B66\u6559\u80B2\u4E0E\u5B66\u672F\u4F1A\u8BAE\u5E73\u53F0\uFF0C\u6C47\u96C6\u4F1A\u8BAE\u76F4\u64AD\u3001\u7CBE\u54C1\u8BFE\u7A0B\u3001\u5B66\u672F\u8D44\u8BAF\u4E0E\u4E13\u5BB6\u89C2\u70B9\uFF0C\u652F\u6301\u4E2D\u82F1\u6587\u53CC\u8BED\u6D4F\u89C8\u3002",
    textEn: "A medical education and academic conference portal for doctors and healthcare professionals: live conferences, courses, news and expert views, in Chinese and English.",
    action: route("/about_us")
  },
  {
    zh: "\u7EE7\u7EED\u533B\u5B66\u6559\u80B2",
    en: "Continuing medical education",
    textZh: "\u5B8C\u6210\u6307\u5B9A\u8BFE\u7A0B\u4E0E\u4F1A\u8BAE\u5B66\u4E60\u53EF\u83B7\u5F97\u7EE7\u7EED\u6559\u80B2\u5B66\u5206\uFF0C\u5B66\u4E60\u8BB0\u5F55\u53EF\u5728\u4E2A\u4EBA\u4E2D\u5FC3\u968F\u65F6\u67E5\u770B\u3002",
    textEn: "Complete designated courses and meetings to earn CME credits; your learning record is always in your account.",
    action: route("/credit")
  }
];
var HOME_BLOCKS = [
  { layout: "banner", zh: "\u7126\u70B9\u63A8\u8350", en: "Featured", more: null, source: { position: "home", limit: 5 } },
  { layout: "today_live", zh: "\u4ECA\u65E5\u76F4\u64AD", en: "Today's Live", more: { type: ActionType.LIVE_INDEX, data: {}, target: "_self" }, source: { limit: 6 } },
  { layout: "live_meetings", zh: "\u4F1A\u8BAE\u76F4\u64AD", en: "Live Conferences", more: { type: ActionType.LIVE_INDEX, data: {}, target: "_self" }, source: { limit: 6 } },
  { layout: "news_menu", zh: "\u5B66\u672F\u8D44\u8BAF", en: "Medical News", more: route("/news"), source: { category_ids: [1, 2, 3, 4, 5, 6], limit: 4 } },
  { layout: "courses", zh: "\u6700\u65B0\u8BFE\u7A0B", en: "New Courses", more: { type: ActionType.COURSE_INDEX, data: {}, target: "_self" }, source: { limit: 8, course_type: 1, order: "latest" } },
  { layout: "big_courses", zh: "\u7CBE\u54C1\u8BFE\u7A0B", en: "Premium Courses", more: { type: ActionType.COURSE_INDEX, data: {}, target: "_self" }, source: { limit: 4, featured: true, order: "popular" } },
  { layout: "course_series", zh: "\u7CFB\u5217\u8BFE\u7A0B", en: "Course Series", more: { type: ActionType.COURSE_LIST, data: {}, target: "_self" }, source: { limit: 4, course_type: 2 } },
  { layout: "left_image_courses", zh: "\u8840\u6DB2\u75C5\u5B66\u8BFE\u5802", en: "Hematology Classroom", more: { type: ActionType.COURSE_LIST, data: {}, target: "_self" }, source: { limit: 4, department: "hematology", order: "popular" } },
  { layout: "speaker_horizontal", zh: "\u7279\u9080\u4E13\u5BB6", en: "Featured Experts", more: { type: ActionType.SPEAKER_LIST, data: {}, target: "_self" }, source: { limit: 8, order: "popular" } },
  { layout: "courses", zh: "\u9650\u65F6\u514D\u8D39", en: "Free This Week", hide: true, more: null, source: { limit: 8, price_type: 1 } },
  { layout: "special", zh: "\u4E13\u9898\u5408\u8F91", en: "Special Albums", more: null, source: { limit: 3 } },
  { layout: "special_topics", zh: "\u70ED\u95E8\u4E13\u9898", en: "Hot Topics", more: { type: ActionType.TOPIC_LIST, data: {}, target: "_self" }, source: { limit: 4 } },
  { layout: "columns", zh: "\u7CBE\u54C1\u680F\u76EE", en: "Programmes", more: { type: ActionType.COLUMN_LIST, data: {}, target: "_self" }, source: { limit: 4 } },
  { layout: "news", zh: "\u6700\u65B0\u8D44\u8BAF", en: "Latest News", more: route("/news"), source: { limit: 5 } },
  { layout: "papers", zh: "\u7ECF\u5178\u6587\u732E", en: "Landmark Papers", more: null, source: { limit: 4 } },
  { layout: "speakers", zh: "\u4E13\u5BB6\u56E2\u961F", en: "Our Experts", more: { type: ActionType.SPEAKER_LIST, data: {}, target: "_self" }, source: { limit: 6, order: "latest" } },
  { layout: "search_items", zh: "\u5927\u5BB6\u90FD\u5728\u770B", en: "Trending", more: null, source: { limit: 6, modules: ["course", "live", "news"] } },
  { layout: "intro_text", zh: "\u5E73\u53F0\u4ECB\u7ECD", en: "About Us", more: null, source: { limit: 2 } }
];

// src/seed/live-room.ts
import { and as and11, eq as eq15, inArray as inArray3 } from "drizzle-orm";

// src/modules/auth/passwords.ts
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
var N = 16384;
var R = 8;
var P = 1;
var KEY_LEN = 32;
var VERSION = "1";
function derive(password, salt, n, r, p) {
  return new Promise((resolve4, reject) => {
    scryptCb(
      password.normalize("NFKC"),
      salt,
      KEY_LEN,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => err ? reject(err) : resolve4(key)
    );
  });
}
async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", VERSION, N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}
async function verifyPassword(password, stored) {
  const parts = stored.split("$");
  if (parts.length !== 7 || parts[0] !== "scrypt" || parts[1] !== VERSION) return false;
  const [n, r, p] = parts.slice(2, 5).map(Number);
  const salt = Buffer.from(parts[5] ?? "", "base64url");
  const expected = Buffer.from(parts[6] ?? "", "base64url");
  if (!n || !r || !p || salt.length === 0 || expected.length !== KEY_LEN) return false;
  const key = await derive(password, salt, n, r, p);
  return timingSafeEqual(key, expected);
}
var dummy;
async function burnPasswordCheck(password) {
  dummy ??= hashPassword(randomBytes(12).toString("hex"));
  await verifyPassword(password, await dummy);
}

// src/modules/live-room/live-room.routes.ts
import fp3 from "fastify-plugin";

// src/lib/endpoint.ts
function endpointRoute(name) {
  const route2 = routes[name];
  const def = schemas[name];
  const schema = {
    summary: def.summary,
    tags: [...def.tags],
    response: { 200: Envelope(def.data) }
  };
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (def.params) schema.params = def.params;
  const config = route2.auth ? { auth: "required" } : {};
  return { method: route2.method, url: route2.path, schema, config };
}
function ok(data) {
  return { code: ErrorCode.OK, message: "", data };
}

// src/plugins/auth.ts
import fp from "fastify-plugin";

// src/lib/app-error.ts
var AppError = class extends Error {
  constructor(code, opts = {}) {
    super(opts.message ?? `error ${code}`);
    this.code = code;
    this.httpStatus = opts.httpStatus ?? 200;
    this.data = opts.data ?? null;
    this.userMessage = opts.message;
  }
  code;
  name = "AppError";
  httpStatus;
  data;
  userMessage;
};
function fieldError(lang, field, words) {
  const message = lang === "en" ? words.en : words.zh;
  return new AppError(ErrorCode.VALIDATION, { message: `${field}: ${message}`, data: { fields: [{ field, message }] } });
}

// src/plugins/auth.ts
var auth_default = fp(
  async (app, { authenticate }) => {
    app.addHook("preValidation", async (req) => {
      const mode = req.routeOptions.config.auth;
      if (!mode) return;
      const token = req.ctx.accessToken;
      const user = token ? await authenticate(token) : null;
      if (user) req.ctx.user = user;
      else if (mode === "required") throw new AppError(ErrorCode.NOT_LOGGED_IN);
    });
  },
  { name: "auth", dependencies: ["context"] }
);
function currentUser(req) {
  const user = req.ctx.user;
  if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  return user;
}

// src/modules/live-room/live-room.repository.ts
import { and as and4, asc, count as count2, desc, eq as eq5, gt as gt2, inArray, lte, or, sql as sql14 } from "drizzle-orm";

// src/modules/shared/paginate.ts
async function paginate(rows, count6) {
  const [items, [counted]] = await Promise.all([rows, count6]);
  return { rows: items, total: counted?.n ?? 0 };
}
function pageOf(items, q, total) {
  return { items, page: q.page, page_size: q.page_size, total, has_more: q.page * q.page_size < total };
}

// src/modules/live-room/live-room.repository.ts
var published = eq5(lives.status, "published");
async function findLive(db, id) {
  const [row] = await db.select({
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
    meetingNo: lives.meetingNo,
    speakerId: lives.speakerId,
    organizerId: lives.organizerId,
    orgNameZh: organizers.nameZh,
    orgNameEn: organizers.nameEn,
    orgLogo: organizers.logo,
    seq: sql14`coalesce(${liveRooms.seq}, 0)`.mapWith(Number),
    currentSlide: sql14`coalesce(${liveRooms.currentSlide}, 0)`.mapWith(Number),
    moderated: sql14`coalesce(${liveRooms.moderated}, false)`,
    requireLogin: sql14`coalesce(${liveRooms.requireLogin}, false)`,
    requireSignIn: sql14`coalesce(${liveRooms.requireSignIn}, false)`,
    accessCodeHash: liveRooms.accessCodeHash,
    scheduledStartAt: liveRooms.scheduledStartAt,
    scheduledEndAt: liveRooms.scheduledEndAt
  }).from(lives).leftJoin(liveRooms, eq5(liveRooms.liveId, lives.id)).leftJoin(organizers, eq5(organizers.id, lives.organizerId)).where(and4(eq5(lives.id, id), published));
  return row;
}
async function speakersOf(db, live) {
  const cols = { id: speakers.id, nameZh: speakers.nameZh, nameEn: speakers.nameEn, avatar: speakers.avatar, titleZh: speakers.titleZh, titleEn: speakers.titleEn };
  const [main, others] = await Promise.all([
    live.speakerId === null ? [] : db.select(cols).from(speakers).where(and4(eq5(speakers.id, live.speakerId), eq5(speakers.status, "published"))),
    db.select({ ...cols, role: liveSpeakers.role }).from(liveSpeakers).innerJoin(speakers, eq5(speakers.id, liveSpeakers.speakerId)).where(and4(eq5(liveSpeakers.liveId, live.id), eq5(speakers.status, "published"))).orderBy(asc(liveSpeakers.sort), asc(speakers.id))
  ]);
  return [...main.map((s) => ({ ...s, role: "host" })), ...others.filter((o) => o.id !== live.speakerId)];
}
async function isModerator(db, liveId, userId) {
  const [row] = await db.select({ n: sql14`1` }).from(liveModerators).where(and4(eq5(liveModerators.liveId, liveId), eq5(liveModerators.userId, userId)));
  return Boolean(row);
}
async function accessOf(db, liveId, userId) {
  const [row] = await db.select().from(liveAccess).where(and4(eq5(liveAccess.liveId, liveId), eq5(liveAccess.userId, userId)));
  return row;
}
async function grantAccess(db, liveId, userId, now) {
  await db.insert(liveAccess).values({ liveId, userId, grantedAt: now, failures: 0 }).onConflictDoUpdate({ target: [liveAccess.liveId, liveAccess.userId], set: { grantedAt: now, failures: 0, lockedUntil: null } });
}
async function recordAccessFailure(db, liveId, userId, lockAt, lockUntil) {
  const [row] = await db.insert(liveAccess).values({ liveId, userId, failures: 1 }).onConflictDoUpdate({
    target: [liveAccess.liveId, liveAccess.userId],
    set: {
      failures: sql14`${liveAccess.failures} + 1`,
      lockedUntil: sql14`case when ${liveAccess.failures} + 1 >= ${lockAt} then ${lockUntil.toISOString()}::timestamptz else ${liveAccess.lockedUntil} end`
    }
  }).returning({ failures: liveAccess.failures });
  return row?.failures ?? 1;
}
async function resetAccessFailures(db, liveId, userId) {
  await db.update(liveAccess).set({ failures: 0, lockedUntil: null }).where(and4(eq5(liveAccess.liveId, liveId), eq5(liveAccess.userId, userId)));
}
function buttonsOf(db, liveId) {
  return db.select().from(liveButtons).where(eq5(liveButtons.liveId, liveId)).orderBy(asc(liveButtons.sort), asc(liveButtons.id));
}
async function remindState(db, liveId, userId) {
  const [[total], mine] = await Promise.all([
    db.select({ n: count2() }).from(liveReminders).where(eq5(liveReminders.liveId, liveId)),
    userId === void 0 ? [] : db.select({ n: sql14`1` }).from(liveReminders).where(and4(eq5(liveReminders.liveId, liveId), eq5(liveReminders.userId, userId)))
  ]);
  return { count: total?.n ?? 0, mine: mine.length > 0 };
}
async function appendEvent(db, e) {
  const at = e.at.toISOString();
  const room = e.slide === void 0 ? sql14`insert into ${liveRooms} (live_id, seq) values (${e.liveId}, 1)
          on conflict (live_id) do update set seq = ${liveRooms}.seq + 1 returning seq` : sql14`insert into ${liveRooms} (live_id, seq, current_slide) values (${e.liveId}, 1, ${e.slide})
          on conflict (live_id) do update set seq = ${liveRooms}.seq + 1, current_slide = excluded.current_slide returning seq`;
  const mark = e.slide === void 0 ? sql14`` : sql14`, m as (insert into ${liveSlideMarks} (live_id, idx, at) values (${e.liveId}, ${e.slide}, ${at}::timestamptz))`;
  const [row] = await queryRows(
    db,
    sql14`with r as (${room})${mark}
      insert into ${liveEvents} (live_id, seq, type, payload, mods_only, user_id, created_at)
      select ${e.liveId}, r.seq, ${e.type}, ${JSON.stringify(e.payload)}::jsonb || jsonb_build_object('seq', r.seq), ${e.modsOnly}, ${e.userId}, ${at}::timestamptz
      from r returning seq`
  );
  if (!row) throw new Error("event append returned nothing");
  return Number(row.seq);
}
async function currentSeq(db, liveId) {
  const [row] = await db.select({ seq: liveRooms.seq }).from(liveRooms).where(eq5(liveRooms.liveId, liveId));
  return Number(row?.seq ?? 0);
}
function eventsAfter(db, liveId, since, limit, until) {
  return db.select({ seq: liveEvents.seq, type: liveEvents.type, payload: liveEvents.payload, modsOnly: liveEvents.modsOnly, userId: liveEvents.userId }).from(liveEvents).where(and4(eq5(liveEvents.liveId, liveId), gt2(liveEvents.seq, since), until === void 0 ? void 0 : sql14`${liveEvents.seq} < ${until}`)).orderBy(asc(liveEvents.seq)).limit(limit);
}
var topicColumns = {
  id: liveTopics.id,
  liveId: liveTopics.liveId,
  userId: liveTopics.userId,
  content: liveTopics.content,
  status: liveTopics.status,
  pinned: liveTopics.pinned,
  likeCount: liveTopics.likeCount,
  answer: liveTopics.answer,
  answeredAt: liveTopics.answeredAt,
  createdAt: liveTopics.createdAt,
  nickname: users.nickname,
  avatarUrl: users.avatarUrl
};
async function findTopic(db, id) {
  const [row] = await db.select(topicColumns).from(liveTopics).innerJoin(users, eq5(users.id, liveTopics.userId)).where(eq5(liveTopics.id, id));
  return row;
}
async function lockTopic(tx, id) {
  const [row] = await tx.select({ id: liveTopics.id, liveId: liveTopics.liveId, status: liveTopics.status }).from(liveTopics).where(eq5(liveTopics.id, id)).for("update");
  return row;
}
async function insertTopic(tx, v, author2) {
  const [row] = await tx.insert(liveTopics).values({ liveId: v.liveId, userId: v.userId, content: v.content, status: v.status, createdAt: v.at }).returning({
    id: liveTopics.id,
    liveId: liveTopics.liveId,
    userId: liveTopics.userId,
    content: liveTopics.content,
    status: liveTopics.status,
    pinned: liveTopics.pinned,
    likeCount: liveTopics.likeCount,
    answer: liveTopics.answer,
    answeredAt: liveTopics.answeredAt,
    createdAt: liveTopics.createdAt
  });
  if (!row) throw new Error("topic insert returned nothing");
  return { ...row, ...author2 };
}
async function author(db, userId) {
  const [row] = await db.select({ nickname: users.nickname, avatarUrl: users.avatarUrl }).from(users).where(eq5(users.id, userId));
  return row;
}
async function lockAsker(tx, liveId, userId) {
  await tx.execute(sql14`select pg_advisory_xact_lock(hashtext('medportal:live-ask'), hashtext(${`${liveId}:${userId}`}))`);
}
async function recentTopicCount(tx, liveId, userId, since) {
  const [row] = await tx.select({ n: count2(), oldest: sql14`min(${liveTopics.createdAt})` }).from(liveTopics).where(and4(eq5(liveTopics.liveId, liveId), eq5(liveTopics.userId, userId), gt2(liveTopics.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
function pageTopics(db, liveId, f2, limit, offset) {
  let where;
  if (f2.filter === "visible") {
    const own = f2.viewerId === void 0 ? void 0 : and4(eq5(liveTopics.status, "pending"), eq5(liveTopics.userId, f2.viewerId));
    where = and4(eq5(liveTopics.liveId, liveId), own ? or(eq5(liveTopics.status, "approved"), own) : eq5(liveTopics.status, "approved"));
  } else if (f2.filter === "all") where = eq5(liveTopics.liveId, liveId);
  else where = and4(eq5(liveTopics.liveId, liveId), eq5(liveTopics.status, f2.filter));
  const order = f2.sort === "hot" ? [desc(liveTopics.pinned), desc(liveTopics.likeCount), desc(liveTopics.id)] : [desc(liveTopics.pinned), desc(liveTopics.id)];
  return paginate(
    db.select(topicColumns).from(liveTopics).innerJoin(users, eq5(users.id, liveTopics.userId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: count2() }).from(liveTopics).where(where)
  );
}
async function likedTopicIds(db, userId, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Set();
  const rows = await db.select({ id: liveTopicLikes.topicId }).from(liveTopicLikes).where(and4(eq5(liveTopicLikes.userId, userId), inArray(liveTopicLikes.topicId, ids)));
  return new Set(rows.map((r) => r.id));
}
async function setLike(tx, topicId, userId, on, now) {
  const changed = on ? (await tx.insert(liveTopicLikes).values({ topicId, userId, createdAt: now }).onConflictDoNothing().returning({ t: liveTopicLikes.topicId })).length > 0 : (await tx.delete(liveTopicLikes).where(and4(eq5(liveTopicLikes.topicId, topicId), eq5(liveTopicLikes.userId, userId))).returning({ t: liveTopicLikes.topicId })).length > 0;
  const [row] = await tx.update(liveTopics).set({ likeCount: sql14`(select count(*) from ${liveTopicLikes} where ${liveTopicLikes.topicId} = ${topicId})` }).where(eq5(liveTopics.id, topicId)).returning({ likeCount: liveTopics.likeCount });
  return { changed, likeCount: row?.likeCount ?? 0 };
}
async function updateTopic(tx, id, set) {
  await tx.update(liveTopics).set(set).where(eq5(liveTopics.id, id));
}
async function sign(tx, liveId, userId, now) {
  await tx.insert(liveSigns).values({ liveId, userId, signedAt: now }).onConflictDoNothing();
  const [row] = await tx.select({ at: liveSigns.signedAt }).from(liveSigns).where(and4(eq5(liveSigns.liveId, liveId), eq5(liveSigns.userId, userId)));
  return row?.at ?? now;
}
async function signState(db, liveId, userId) {
  const [[total], mine] = await Promise.all([
    db.select({ n: count2() }).from(liveSigns).where(eq5(liveSigns.liveId, liveId)),
    userId === void 0 ? [] : db.select({ at: liveSigns.signedAt }).from(liveSigns).where(and4(eq5(liveSigns.liveId, liveId), eq5(liveSigns.userId, userId)))
  ]);
  return { count: total?.n ?? 0, at: mine[0]?.at ?? null };
}
function pageSigns(db, liveId, limit, offset) {
  const where = eq5(liveSigns.liveId, liveId);
  return paginate(
    db.select({ userId: liveSigns.userId, signedAt: liveSigns.signedAt, nickname: users.nickname, avatarUrl: users.avatarUrl }).from(liveSigns).innerJoin(users, eq5(users.id, liveSigns.userId)).where(where).orderBy(asc(liveSigns.signedAt), asc(liveSigns.userId)).limit(limit).offset(offset),
    db.select({ n: count2() }).from(liveSigns).where(where)
  );
}
function slidesOf(db, liveId) {
  return db.select().from(liveSlides).where(eq5(liveSlides.liveId, liveId)).orderBy(asc(liveSlides.idx));
}
function slideMarks(db, liveId, until) {
  return db.select({ idx: liveSlideMarks.idx, at: liveSlideMarks.at }).from(liveSlideMarks).where(and4(eq5(liveSlideMarks.liveId, liveId), lte(liveSlideMarks.at, until))).orderBy(asc(liveSlideMarks.at), asc(liveSlideMarks.id));
}
async function insertPoll(tx, v) {
  const [poll] = await tx.insert(livePolls).values({ liveId: v.liveId, question: v.question, multiple: v.multiple, open: true, createdBy: v.userId, createdAt: v.at }).onConflictDoNothing().returning({ id: livePolls.id });
  if (!poll) return 0;
  await tx.insert(livePollOptions).values(v.options.map((text18, sort) => ({ pollId: poll.id, text: text18, sort })));
  return poll.id;
}
async function hasOpenPoll(tx, liveId) {
  const [row] = await tx.select({ id: livePolls.id }).from(livePolls).where(and4(eq5(livePolls.liveId, liveId), eq5(livePolls.open, true)));
  return Boolean(row);
}
async function findPoll(db, id) {
  const [row] = await db.select().from(livePolls).where(eq5(livePolls.id, id));
  return row;
}
async function lockPoll(tx, id) {
  const [row] = await tx.select({ id: livePolls.id, open: livePolls.open }).from(livePolls).where(eq5(livePolls.id, id)).for("update");
  return row;
}
async function closePoll(tx, id, now) {
  await tx.update(livePolls).set({ open: null, closedAt: now }).where(eq5(livePolls.id, id));
}
function pollsOf(db, liveId) {
  return db.select().from(livePolls).where(eq5(livePolls.liveId, liveId)).orderBy(desc(livePolls.createdAt), desc(livePolls.id)).limit(20);
}
async function pollOptions(db, pollIds) {
  if (pollIds.length === 0) return [];
  return db.select().from(livePollOptions).where(inArray(livePollOptions.pollId, pollIds)).orderBy(asc(livePollOptions.sort), asc(livePollOptions.id));
}
async function pollVoterCounts(db, pollIds) {
  if (pollIds.length === 0) return /* @__PURE__ */ new Map();
  const rows = await db.select({ id: livePollVoters.pollId, n: count2() }).from(livePollVoters).where(inArray(livePollVoters.pollId, pollIds)).groupBy(livePollVoters.pollId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
async function myVotes(db, userId, pollIds) {
  if (pollIds.length === 0) return /* @__PURE__ */ new Map();
  const rows = await db.select({ id: livePollVoters.pollId, optionIds: livePollVoters.optionIds }).from(livePollVoters).where(and4(eq5(livePollVoters.userId, userId), inArray(livePollVoters.pollId, pollIds)));
  return new Map(rows.map((r) => [r.id, r.optionIds]));
}
async function vote(tx, pollId, userId, optionIds, now) {
  const inserted = await tx.insert(livePollVoters).values({ pollId, userId, optionIds, createdAt: now }).onConflictDoNothing().returning({ p: livePollVoters.pollId });
  if (inserted.length === 0) return false;
  await tx.update(livePollOptions).set({ votes: sql14`${livePollOptions.votes} + 1` }).where(and4(eq5(livePollOptions.pollId, pollId), inArray(livePollOptions.id, optionIds)));
  return true;
}
async function lockLive(tx, id) {
  const [row] = await tx.select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt, hasReplay: lives.hasReplay }).from(lives).where(and4(eq5(lives.id, id), published)).for("update");
  return row;
}
async function moveLive(tx, id, set, now) {
  await tx.update(lives).set({ ...set, updatedAt: now }).where(eq5(lives.id, id));
}
async function noteStatusChange(tx, liveId, before, userId, now) {
  await tx.update(liveRooms).set({
    scheduledStartAt: sql14`coalesce(${liveRooms.scheduledStartAt}, ${before.startAt.toISOString()}::timestamptz)`,
    scheduledEndAt: sql14`coalesce(${liveRooms.scheduledEndAt}, ${before.endAt.toISOString()}::timestamptz)`,
    statusChangedAt: now,
    statusChangedBy: userId
  }).where(eq5(liveRooms.liveId, liveId));
}
async function recordingOfLive(db, liveId) {
  const [row] = await db.select({ id: recordings.id, ready: recordings.ready }).from(recordings).where(eq5(recordings.liveId, liveId));
  return row;
}
async function upsertRecording(tx, liveId, v) {
  const [live] = await tx.select({ titleZh: lives.titleZh, titleEn: lives.titleEn, subTitleZh: lives.subTitleZh, subTitleEn: lives.subTitleEn, banner: lives.banner, speakerId: lives.speakerId }).from(lives).where(eq5(lives.id, liveId));
  if (!live) throw new Error(`live ${liveId} vanished`);
  const [row] = await tx.insert(recordings).values({ liveId, ...live, recordedAt: v.recordedAt, durationS: v.durationS, ready: v.ready }).onConflictDoUpdate({ target: recordings.liveId, set: { recordedAt: v.recordedAt, durationS: v.durationS, ready: v.ready } }).returning({ id: recordings.id });
  if (!row) throw new Error("recording upsert returned nothing");
  return row.id;
}
async function findRecording(db, id) {
  const [row] = await db.select({
    id: recordings.id,
    liveId: recordings.liveId,
    titleZh: recordings.titleZh,
    titleEn: recordings.titleEn,
    subTitleZh: recordings.subTitleZh,
    subTitleEn: recordings.subTitleEn,
    banner: recordings.banner,
    recordedAt: recordings.recordedAt,
    durationS: recordings.durationS,
    speakerId: recordings.speakerId,
    ready: recordings.ready,
    organizerId: lives.organizerId,
    orgNameZh: organizers.nameZh,
    orgNameEn: organizers.nameEn,
    orgLogo: organizers.logo
  }).from(recordings).leftJoin(lives, eq5(lives.id, recordings.liveId)).leftJoin(organizers, eq5(organizers.id, lives.organizerId)).where(and4(eq5(recordings.id, id), eq5(recordings.status, "published")));
  return row;
}
function chaptersOf(db, recordingId) {
  return db.select().from(recordingChapters).where(eq5(recordingChapters.recordingId, recordingId)).orderBy(asc(recordingChapters.atS));
}
function recordedTopics(db, liveId, until) {
  return db.select(topicColumns).from(liveTopics).innerJoin(users, eq5(users.id, liveTopics.userId)).where(and4(eq5(liveTopics.liveId, liveId), eq5(liveTopics.status, "approved"), lte(liveTopics.createdAt, until))).orderBy(asc(liveTopics.createdAt), asc(liveTopics.id)).limit(500);
}

// src/modules/live-room/live-room.hub.ts
var rawSocket = (ws) => ws._socket;
var Room = class {
  constructor(liveId) {
    this.liveId = liveId;
  }
  liveId;
  clients = /* @__PURE__ */ new Set();
  /** Highest seq delivered to this process's clients. */
  lastSeq = 0;
  /** Deliveries and joins of a room run one after another, in this chain. */
  chain = Promise.resolve();
  unsubscribe = null;
  viewers = -1;
  presenceSent = -1;
  /** Delivered to the room but not yet written to its sockets. */
  pending = [];
  flushTimer = null;
  lastFlush = 0;
};
var channel = (liveId) => `live:${liveId}`;
var mayRead = (c, w) => !w.m || c.isMod || w.u !== null && c.userId === w.u;
var LiveHub = class {
  constructor(db, realtime, log, opts = {}) {
    this.db = db;
    this.realtime = realtime;
    this.log = log;
    this.maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
    this.flushMs = opts.flushIntervalMs ?? 40;
    const viewersTimer = setInterval(() => void this.shareViewers(), opts.viewersIntervalMs ?? 2e3);
    const pingTimer = setInterval(() => this.ping(), opts.pingIntervalMs ?? 3e4);
    viewersTimer.unref();
    pingTimer.unref();
    this.timers.push(viewersTimer, pingTimer);
  }
  db;
  realtime;
  log;
  rooms = /* @__PURE__ */ new Map();
  maxBuffered;
  flushMs;
  timers = [];
  closing = false;
  /** After commit: hand the events to every process (this one included). */
  publish(events) {
    for (const ev of events) {
      const wire = { e: ev.event, m: ev.modsOnly, u: ev.userId };
      this.realtime.publish(channel(ev.liveId), JSON.stringify(wire)).catch((err) => {
        this.log.warn({ err, liveId: ev.liveId }, "live event publish failed");
      });
    }
  }
  /** Viewers of a live over every process. */
  viewers(liveId) {
    return this.realtime.presence(channel(liveId));
  }
  /** Local sockets, for tests and the benchmark's figures. */
  localClients() {
    let n = 0;
    for (const r of this.rooms.values()) n += r.clients.size;
    return n;
  }
  room(liveId) {
    let room = this.rooms.get(liveId);
    if (room) return room;
    const r = new Room(liveId);
    this.rooms.set(liveId, r);
    room = r;
    r.chain = (async () => {
      r.unsubscribe = await this.realtime.subscribe(channel(liveId), (message) => {
        r.chain = r.chain.then(() => this.receive(r, message)).catch((err) => this.log.warn({ err, liveId }, "live event delivery failed"));
      });
      r.lastSeq = await currentSeq(this.db, liveId);
    })();
    return r;
  }
  /**
   * Adds a client: with `since`, the events it missed are sent first (or `reset` when they are too
   * many or no longer kept); without, it starts from now. Runs in the room's chain, so nothing is
   * delivered in between.
   */
  join(liveId, client, since) {
    const room = this.room(liveId);
    room.chain = room.chain.then(async () => {
      if (client.ws.readyState !== client.ws.OPEN) return;
      if (since !== void 0 && since > room.lastSeq) await this.catchUp(room);
      const viewers = Math.max(room.viewers, room.clients.size + 1);
      if (since === void 0 || since >= room.lastSeq) {
        if (since !== void 0 && since > room.lastSeq) this.sendRaw(client, JSON.stringify({ type: "reset", seq: room.lastSeq }));
        else this.sendRaw(client, JSON.stringify({ type: "hello", seq: room.lastSeq, viewers }));
      } else {
        const missed = await eventsAfter(this.db, liveId, since, LIVE_RESUME_MAX + 1, room.lastSeq + 1);
        const complete = missed.length <= LIVE_RESUME_MAX && missed[0]?.seq === since + 1;
        if (!complete) {
          this.sendRaw(client, JSON.stringify({ type: "reset", seq: room.lastSeq }));
        } else {
          this.sendRaw(client, JSON.stringify({ type: "hello", seq: since, viewers }));
          for (const row of missed) {
            if (mayRead(client, { m: row.modsOnly, u: row.userId })) this.sendRaw(client, JSON.stringify(row.payload));
          }
        }
      }
      client.cursor = room.lastSeq;
      room.clients.add(client);
    }).catch((err) => {
      this.log.warn({ err, liveId }, "live socket join failed");
      client.ws.close(1011);
    });
  }
  leave(liveId, client) {
    const room = this.rooms.get(liveId);
    if (!room) return;
    room.clients.delete(client);
    if (room.clients.size > 0) return;
    room.chain = room.chain.then(async () => {
      if (room.clients.size > 0 || this.rooms.get(liveId) !== room) return;
      this.rooms.delete(liveId);
      await room.unsubscribe?.();
      await this.realtime.setPresence(channel(liveId), 0);
    }).catch((err) => {
      if (!this.closing) this.log.warn({ err, liveId }, "leaving a live room failed");
    });
  }
  async receive(room, message) {
    const wire = JSON.parse(message);
    const seq = wire.e.seq;
    if (seq <= room.lastSeq) return;
    if (seq > room.lastSeq + 1) {
      for (const row of await eventsAfter(this.db, room.liveId, room.lastSeq, seq - room.lastSeq, seq)) {
        this.deliver(room, { e: row.payload, m: row.modsOnly, u: row.userId });
      }
    }
    this.deliver(room, wire);
  }
  /** Delivers what the log holds beyond the room's last seq (committed, not yet published here). */
  async catchUp(room) {
    for (const row of await eventsAfter(this.db, room.liveId, room.lastSeq, LIVE_RESUME_MAX)) {
      this.deliver(room, { e: row.payload, m: row.modsOnly, u: row.userId });
    }
  }
  deliver(room, wire) {
    const seq = wire.e.seq;
    if (seq <= room.lastSeq) return;
    room.lastSeq = seq;
    room.pending.push({ seq, bytes: Buffer.from(JSON.stringify(wire.e)), m: wire.m, u: wire.u });
    if (room.flushTimer) return;
    const wait = room.lastFlush + this.flushMs - Date.now();
    room.flushTimer = wait > 0 ? setTimeout(() => this.flush(room), wait) : setImmediate(() => this.flush(room));
  }
  /**
   * Writes the room's pending events to every socket whose cursor is behind them, in seq order, all
   * of a socket's frames in one write. A client that joined meanwhile has had them from the log.
   */
  flush(room) {
    room.flushTimer = null;
    room.lastFlush = Date.now();
    const batch = room.pending;
    room.pending = [];
    const last = batch.at(-1);
    if (!last) return;
    for (const c of room.clients) {
      if (c.cursor >= last.seq) continue;
      const sock = rawSocket(c.ws);
      sock?.cork();
      for (const p of batch) {
        if (c.cursor >= p.seq) continue;
        c.cursor = p.seq;
        if (mayRead(c, p) && !this.send(room, c, p.bytes)) break;
      }
      sock?.uncork();
    }
  }
  sendRaw(c, text18) {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(text18);
  }
  /**
   * A client that cannot keep up is dropped rather than buffered without bound; it resumes with
   * since=. False when the client is gone.
   */
  send(room, c, data) {
    if (c.ws.readyState !== c.ws.OPEN) return false;
    if (c.ws.bufferedAmount > this.maxBuffered) {
      room.clients.delete(c);
      c.ws.send(JSON.stringify({ type: "lagging" }));
      c.ws.close(LiveSocketClose.LAGGING, "lagging");
      setTimeout(() => c.ws.terminate(), 5e3).unref();
      return false;
    }
    c.ws.send(data, { binary: false });
    return true;
  }
  /** Shares this process's counts and pushes the sum where it changed. */
  async shareViewers() {
    for (const room of this.rooms.values()) {
      try {
        const local = room.clients.size;
        await this.realtime.setPresence(channel(room.liveId), local);
        room.presenceSent = local;
        const total = await this.realtime.presence(channel(room.liveId));
        if (total === room.viewers) continue;
        room.viewers = total;
        const text18 = JSON.stringify({ type: "viewers", count: total });
        for (const c of room.clients) this.send(room, c, text18);
      } catch (err) {
        this.log.warn({ err, liveId: room.liveId }, "viewer count failed");
      }
    }
  }
  /** Resolves once this process holds exactly `n` sockets (tests: a close has been noticed). */
  async waitForClients(n) {
    while (this.localClients() !== n) await new Promise((r) => setTimeout(r, 10));
  }
  /** Runs one round of viewer counting now (tests). */
  tickViewers() {
    return this.shareViewers();
  }
  ping() {
    for (const room of this.rooms.values()) {
      for (const c of room.clients) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }
  }
  async close() {
    if (this.closing) return;
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const room of this.rooms.values()) {
      if (room.flushTimer) {
        clearTimeout(room.flushTimer);
        clearImmediate(room.flushTimer);
        this.flush(room);
      }
      for (const c of room.clients) c.ws.close(LiveSocketClose.GOING_AWAY, "server stopping");
      await room.unsubscribe?.().catch(() => void 0);
      await this.realtime.setPresence(channel(room.liveId), 0).catch(() => void 0);
    }
    this.rooms.clear();
  }
};

// src/lib/crypto.ts
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes as randomBytes2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function randomToken(bytes = 32) {
  return randomBytes2(bytes).toString("base64url");
}
function sha256(value) {
  return createHash("sha256").update(value).digest("hex");
}
function hmac(secret, ...parts) {
  return createHmac("sha256", secret).update(parts.join("\0")).digest("base64url");
}
function safeEqual(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual2(x, y);
}
function signToken(secret, purpose, payload) {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${hmac(secret, purpose, body)}`;
}
function verifyToken(secret, purpose, token) {
  const dot = token.indexOf(".");
  if (dot <= 0 || token.length > 2048) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), hmac(secret, purpose, body))) return null;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function keyFrom(raw, info) {
  return Buffer.from(hkdfSync("sha256", raw, "medportal", info, 32));
}
function encryptWith(raw, info, plaintext) {
  const iv = randomBytes2(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(raw, info), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}
function decryptWith(raw, info, sealed) {
  const [iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(raw, info), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// src/lib/i18n.ts
function pick(lang, zh, en) {
  return lang === "en" && en ? en : zh;
}
function languageFromHeader(header) {
  if (!header) return void 0;
  const ranked = header.split(",").map((part, index18) => {
    const [tag = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index: index18 };
  }).filter((r) => r.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith("zh")) return "zh_CN";
    if (tag.startsWith("en")) return "en";
  }
  return void 0;
}

// src/modules/shared/content.present.ts
function action(type, data = {}, target = "_self") {
  return { type, data, target };
}
function presentCourse(r, lang) {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    course_type: r.courseType,
    price_type: r.priceType,
    price: r.price,
    original_price: r.originalPrice,
    learn_count: r.learnCount,
    learn_count_show: formatCount(r.learnCount, lang),
    course_updated_count: r.courseUpdatedCount,
    tags: r.tags.map((t) => ({ id: t.id, title: pick(lang, t.titleZh, t.titleEn), cover: t.cover })),
    action: action(ActionType.COURSE_DETAIL, { id: r.id })
  };
}
function presentSpeaker(r, lang) {
  return {
    id: r.id,
    name: pick(lang, r.nameZh, r.nameEn),
    avatar: r.avatar,
    title: pick(lang, r.titleZh, r.titleEn),
    organization: r.organizationZh ? { name: pick(lang, r.organizationZh, r.organizationEn) } : null,
    hospital: r.hospitalZh ? { name: pick(lang, r.hospitalZh, r.hospitalEn) } : null,
    departments: r.departments.map((d) => ({ id: d.id, title: pick(lang, d.nameZh, d.nameEn) })),
    is_follow: false,
    follower_count: r.followerCount,
    action: action(ActionType.SPEAKER_DETAIL, { id: r.id })
  };
}

// src/modules/shared/live.present.ts
var LIVE_STATUS_TEXT = {
  [LiveStatus.UPCOMING]: { zh_CN: "\u672A\u5F00\u59CB", en: "Upcoming" },
  [LiveStatus.LIVE]: { zh_CN: "\u76F4\u64AD\u4E2D", en: "Live now" },
  [LiveStatus.ENDED]: { zh_CN: "\u5DF2\u7ED3\u675F", en: "Ended" },
  [LiveStatus.REPLAY]: { zh_CN: "\u56DE\u653E", en: "Replay" }
};
function liveStatus(startAt, endAt, hasReplay, now) {
  if (now < startAt) return LiveStatus.UPCOMING;
  if (now < endAt) return LiveStatus.LIVE;
  return hasReplay ? LiveStatus.REPLAY : LiveStatus.ENDED;
}
function liveStatusText(status, lang) {
  return LIVE_STATUS_TEXT[status]?.[lang] ?? "";
}
function presentLive(r, lang, now) {
  const status = liveStatus(r.startAt, r.endAt, r.hasReplay, now);
  return {
    id: r.id,
    banner: r.banner,
    preview_gif: r.previewGif,
    title: pick(lang, r.titleZh, r.titleEn),
    sub_title: pick(lang, r.subTitleZh, r.subTitleEn),
    start_at: r.startAt.toISOString(),
    live_status: status,
    live_status_text: liveStatusText(status, lang),
    action: action(ActionType.LIVE_DETAIL, { id: r.id })
  };
}

// src/modules/auth/accounts.plugin.ts
import fp2 from "fastify-plugin";

// src/lib/app-secret.ts
import { eq as eq6 } from "drizzle-orm";
var KEY = "app_secret";
async function loadAppSecret(db, configured) {
  if (configured) return configured;
  await db.insert(appMeta).values({ key: KEY, value: randomToken(48) }).onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq6(appMeta.key, KEY));
  if (!row) throw new Error("app secret missing after insert");
  return row.value;
}

// src/modules/messages/messages.adapter.ts
var SCENE_WORDS = {
  login: { zh: "\u767B\u5F55", en: "log in" },
  register: { zh: "\u6CE8\u518C", en: "register" },
  reset: { zh: "\u627E\u56DE\u5BC6\u7801", en: "reset your password" },
  bind: { zh: "\u7ED1\u5B9A\u8D26\u53F7", en: "link this address to your account" },
  pay_password: { zh: "\u8BBE\u7F6E\u652F\u4ED8\u5BC6\u7801", en: "set your payment password" },
  cancel: { zh: "\u6CE8\u9500\u8D26\u53F7", en: "delete your account" }
};
function codeMessageText(lang, code, scene, ttlS) {
  const words = SCENE_WORDS[scene] ?? { zh: "\u9A8C\u8BC1", en: "verify" };
  const minutes = Math.round(ttlS / 60);
  return lang === "en" ? `[MedPortal] Your code to ${words.en} is ${code}. It expires in ${minutes} minutes. Never share it with anyone.` : `\u3010\u533B\u5B66\u95E8\u6237\u3011\u60A8\u6B63\u5728${words.zh}\uFF0C\u9A8C\u8BC1\u7801 ${code}\uFF0C${minutes} \u5206\u949F\u5185\u6709\u6548\u3002\u8BF7\u52FF\u6CC4\u9732\u7ED9\u4ED6\u4EBA\u3002`;
}

// src/modules/messages/messages.outbox.ts
import { and as and5, eq as eq7, sql as sql15 } from "drizzle-orm";
function retryDelayS(failedAttempts) {
  return Math.min(5 * 2 ** Math.max(0, failedAttempts - 1), 600);
}
var MessageOutbox = class {
  constructor(db, sender, now, opts) {
    this.db = db;
    this.sender = sender;
    this.now = now;
    this.opts = opts;
    this.pollMs = opts.pollMs ?? 1e3;
    this.batch = opts.batch ?? 20;
    this.leaseS = opts.leaseS ?? 120;
    this.maxAttempts = opts.maxAttempts ?? 8;
  }
  db;
  sender;
  now;
  opts;
  pollMs;
  batch;
  leaseS;
  maxAttempts;
  timer = null;
  /** Passes of this process run one at a time (the loop and drain() share it). */
  chain = Promise.resolve();
  looping = false;
  again = false;
  started = false;
  /** Queues a message (inside the caller's transaction when given one). Call kick() after commit. */
  async enqueue(db, m) {
    const now = this.now();
    const [row] = await db.insert(outbox).values({
      channel: m.channel,
      to: m.to,
      countryCode: m.countryCode ?? null,
      text: m.text,
      code: m.code ?? null,
      scene: m.scene ?? null,
      onlyToAccount: m.onlyToAccount ?? false,
      deliverBefore: m.deliverBefore ?? null,
      nextAttemptAt: now,
      createdAt: now
    }).returning({ id: outbox.id });
    if (!row) throw new Error("outbox insert returned nothing");
    return row.id;
  }
  /** Starts the worker loop (the app's onReady). */
  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }
  /** Stops the loop and waits for a pass in progress (the app's onClose, before the database closes). */
  async stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.chain;
  }
  /** Wakes the worker now: a message was just queued in this process. */
  kick() {
    if (!this.started) return;
    if (this.looping) this.again = true;
    else this.schedule(0);
  }
  /**
   * Delivers everything due now and resolves when nothing due is left (after any pass in progress in
   * this process). Tests and tools use it instead of waiting for the loop. Answers how many were sent.
   */
  async drain() {
    let sent = 0;
    for (; ; ) {
      const r = await this.exclusive(() => this.pass());
      sent += r.sent;
      if (r.claimed === 0) return sent;
    }
  }
  exclusive(fn) {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => void 0);
    return run;
  }
  schedule(ms) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }
  async tick() {
    this.timer = null;
    if (!this.started || this.looping) return;
    this.looping = true;
    try {
      do {
        this.again = false;
        let claimed = 0;
        do {
          try {
            claimed = (await this.exclusive(() => this.pass())).claimed;
          } catch (err) {
            this.opts.log.error({ err }, "outbox pass failed");
            claimed = 0;
          }
        } while (claimed === this.batch && this.started);
      } while (this.again && this.started);
    } finally {
      this.looping = false;
    }
    if (this.started) this.schedule(this.pollMs);
  }
  /** Claims one batch of due rows and delivers them. */
  async pass() {
    const rows = await this.claim();
    let sent = 0;
    for (const row of rows) if (await this.deliver(row) === "sent") sent += 1;
    return { claimed: rows.length, sent };
  }
  async claim() {
    const now = this.now();
    const at = sql15`${now.toISOString()}::timestamptz`;
    const leaseEnd = sql15`${new Date(now.getTime() + this.leaseS * 1e3).toISOString()}::timestamptz`;
    const due = sql15`((status = 'pending' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until <= ${at}))`;
    return queryRows(
      this.db,
      sql15`
      update ${outbox} set status = 'sending', attempts = attempts + 1, locked_until = ${leaseEnd}
      where id in (
        select id from ${outbox} where ${due} order by id limit ${this.batch} for update skip locked
      ) and ${due}
      returning id, channel, "to", country_code, text, code, scene, only_to_account, deliver_before, attempts`
    );
  }
  async deliver(row) {
    const now = this.now();
    try {
      if (row.deliver_before !== null && new Date(row.deliver_before) <= now) return await this.finish(row, "expired");
      if (row.only_to_account && !await this.opts.hasAccount(row.channel, row.to)) return await this.finish(row, "skipped");
    } catch (err) {
      return this.failed(row, err);
    }
    try {
      await this.sender.send({
        channel: row.channel,
        to: row.to,
        ...row.country_code ? { countryCode: row.country_code } : {},
        text: row.text,
        ...row.code ? { code: row.code } : {},
        ...row.scene ? { scene: row.scene } : {}
      });
    } catch (err) {
      return this.failed(row, err);
    }
    return this.finish(row, "sent");
  }
  async failed(row, err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (row.attempts >= this.maxAttempts) {
      this.opts.log.error({ err, outbox_id: row.id, attempts: row.attempts, provider: this.sender.name }, "message not delivered: giving up");
      return this.finish(row, "failed", message);
    }
    const delayS = retryDelayS(row.attempts);
    this.opts.log.warn({ err, outbox_id: row.id, attempts: row.attempts, retry_in_s: delayS, provider: this.sender.name }, "message not delivered: will retry");
    await this.db.update(outbox).set({ status: "pending", lockedUntil: null, lastError: message, nextAttemptAt: new Date(this.now().getTime() + delayS * 1e3) }).where(this.stillOurs(row));
    return "retry";
  }
  /** Final state; the text and code are erased (the message is out, or never will be). */
  async finish(row, status, lastError) {
    await this.db.update(outbox).set({ status, lockedUntil: null, text: "", code: null, ...status === "sent" ? { sentAt: this.now() } : {}, ...lastError ? { lastError } : {} }).where(this.stillOurs(row));
    return status;
  }
  /** Our claim, unless it lapsed and another worker took the row again. */
  stillOurs(row) {
    return and5(eq7(outbox.id, row.id), eq7(outbox.status, "sending"), eq7(outbox.attempts, row.attempts));
  }
  /** Drops finished rows older than `keepS` (delivery records are kept a while for support). */
  async sweep(keepS = 7 * 86400) {
    const before = new Date(this.now().getTime() - keepS * 1e3).toISOString();
    await this.db.execute(sql15`delete from ${outbox} where status in ('sent', 'failed', 'skipped', 'expired') and created_at < ${before}::timestamptz`);
  }
};

// src/modules/messages/messages.sandbox.ts
import { and as and6, count as count3, desc as desc2, eq as eq8, inArray as inArray2, or as or2, sql as sql16 } from "drizzle-orm";
var SandboxSender = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  name = "sandbox";
  async send(m) {
    await this.db.insert(sandboxMessages).values({
      channel: m.channel,
      to: m.to,
      countryCode: m.countryCode ?? null,
      text: m.text,
      code: m.code ?? null,
      scene: m.scene ?? null,
      createdAt: this.now()
    });
  }
};
function addressedTo(t, to) {
  const value = to.trim();
  const compact = value.replace(/[\s-]/g, "");
  if (value.includes("@")) return eq8(t.to, value.toLowerCase());
  if (compact.startsWith("+")) return eq8(t.to, compact);
  return or2(eq8(t.to, `+${compact}`), sql16`${t.to} = '+' || ${t.countryCode} || ${compact}`);
}
async function sandboxMessagesFor(db, to, limit = 50) {
  return db.select().from(sandboxMessages).where(addressedTo(sandboxMessages, to)).orderBy(desc2(sandboxMessages.createdAt), desc2(sandboxMessages.id)).limit(limit);
}
async function pendingFor(db, to) {
  const [row] = await db.select({ n: count3() }).from(outbox).where(and6(addressedTo(outbox, to), inArray2(outbox.status, ["pending", "sending"])));
  return row?.n ?? 0;
}

// src/modules/auth/auth.repository.ts
import { and as and7, eq as eq9 } from "drizzle-orm";
var DEFAULT_AVATAR = "/media/cover/speaker/default-user.svg";
var avatarOf = (u) => u.avatarUrl || DEFAULT_AVATAR;
async function findUserByIdentity(db, kind, value) {
  const [row] = await db.select({ user: users }).from(userIdentities).innerJoin(users, eq9(users.id, userIdentities.userId)).where(and7(eq9(userIdentities.kind, kind), eq9(userIdentities.value, value), eq9(users.status, "active")));
  return row?.user ?? null;
}
async function getUser(db, id) {
  const [row] = await db.select().from(users).where(eq9(users.id, id));
  return row ?? null;
}
async function identitiesOf(db, userId) {
  const rows = await db.select({ kind: userIdentities.kind, value: userIdentities.value }).from(userIdentities).where(eq9(userIdentities.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.value]));
}
async function createUser(tx, nickname, identity, now) {
  const [user] = await tx.insert(users).values({ nickname, createdAt: now, updatedAt: now }).returning();
  if (!user) throw new Error("user insert returned nothing");
  await tx.insert(userIdentities).values({ userId: user.id, kind: identity.kind, value: identity.value, createdAt: now });
  return user;
}
function splitMobile(value) {
  if (!value) return null;
  const e164 = parseE164(value);
  if (e164) return { countryCode: e164.countryCode, mobile: e164.national };
  const dash = value.indexOf("-");
  return dash > 0 ? { countryCode: value.slice(0, dash), mobile: value.slice(dash + 1) } : null;
}
function maskMobile(mobile) {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `${mobile.slice(0, 1)}****`;
}
function maskEmail(email) {
  const at = email.indexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

// src/modules/auth/auth.service.ts
import { and as and9, eq as eq11, isNull as isNull3, sql as sql18 } from "drizzle-orm";

// src/modules/auth/codes.ts
import { randomInt } from "node:crypto";
import { and as and8, asc as asc2, count as count4, desc as desc3, eq as eq10, gt as gt3, isNull as isNull2, sql as sql17 } from "drizzle-orm";
var CODE_MAX_ATTEMPTS = 5;
var CODE_DAILY_PER_RECIPIENT = 10;
var CODE_DAILY_PER_IP = 50;
var DAY_MS2 = 864e5;
var e164Recipient = (m) => ({ channel: "sms", key: m.e164, to: m.e164, countryCode: m.countryCode });
function mobileRecipient(mobile, countryCode, lang) {
  if (!canonicalCountryCode(countryCode)) throw fieldError(lang, "country_code", { zh: "\u4E0D\u662F\u6709\u6548\u7684\u56FD\u5BB6\u6216\u5730\u533A\u4EE3\u7801", en: "is not a known calling code" });
  const m = canonicalMobile(mobile, countryCode);
  if (!m) throw fieldError(lang, "mobile", { zh: "\u4E0D\u662F\u8BE5\u56FD\u5BB6\u6216\u5730\u533A\u7684\u6709\u6548\u624B\u673A\u53F7", en: "is not a valid mobile number for this country" });
  return e164Recipient(m);
}
var emailRecipient = (email) => ({ channel: "email", key: email.trim().toLowerCase(), to: email.trim().toLowerCase() });
var VerificationCodes = class {
  constructor(db, secret, outbox2, now) {
    this.db = db;
    this.secret = secret;
    this.outbox = outbox2;
    this.now = now;
  }
  db;
  secret;
  outbox;
  now;
  hash(r, scene, code) {
    return hmac(this.secret, "code", r.key, scene, code);
  }
  limited(retryAfter) {
    return new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: Math.max(1, Math.ceil(retryAfter)) } });
  }
  /**
   * Issues a code: stores its hash and queues the message in one transaction; the outbox worker
   * delivers it. The request never calls the provider nor looks for an account: with
   * `onlyToAccount` (reset-type scenes) the worker drops the message when no account has the
   * address, so known and unknown addresses take the same path and get the same answer.
   */
  async send(r, scene, opts) {
    const now = this.now();
    const code = Array.from({ length: VERIFY_CODE_LENGTH }, () => randomInt(0, 10)).join("");
    await this.db.transaction(async (tx) => {
      await tx.execute(sql17`select pg_advisory_xact_lock(hashtext(${`code:${r.key}`}))`);
      const dayAgo = new Date(now.getTime() - DAY_MS2);
      const [last] = await tx.select({ createdAt: verificationCodes.createdAt }).from(verificationCodes).where(eq10(verificationCodes.recipient, r.key)).orderBy(desc3(verificationCodes.createdAt)).limit(1);
      if (last) {
        const wait = CODE_RESEND_SECONDS - (now.getTime() - last.createdAt.getTime()) / 1e3;
        if (wait > 0) throw this.limited(wait);
      }
      const [perRecipient] = await tx.select({ n: count4() }).from(verificationCodes).where(and8(eq10(verificationCodes.recipient, r.key), gt3(verificationCodes.createdAt, dayAgo)));
      if ((perRecipient?.n ?? 0) >= CODE_DAILY_PER_RECIPIENT) throw this.limited(await this.oldestWait(tx, "recipient", r.key, dayAgo));
      const [perIp] = await tx.select({ n: count4() }).from(verificationCodes).where(and8(eq10(verificationCodes.ip, opts.ip), gt3(verificationCodes.createdAt, dayAgo)));
      if ((perIp?.n ?? 0) >= CODE_DAILY_PER_IP) throw this.limited(await this.oldestWait(tx, "ip", opts.ip, dayAgo));
      await tx.update(verificationCodes).set({ consumedAt: now }).where(and8(eq10(verificationCodes.recipient, r.key), eq10(verificationCodes.scene, scene), isNull2(verificationCodes.consumedAt)));
      const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1e3);
      await tx.insert(verificationCodes).values({
        channel: r.channel,
        recipient: r.key,
        scene,
        codeHash: this.hash(r, scene, code),
        ip: opts.ip,
        expiresAt,
        createdAt: now
      });
      await this.outbox.enqueue(tx, {
        channel: r.channel,
        to: r.to,
        ...r.countryCode ? { countryCode: r.countryCode } : {},
        text: codeMessageText(opts.lang, code, scene, CODE_TTL_SECONDS),
        code,
        scene,
        onlyToAccount: opts.onlyToAccount,
        deliverBefore: expiresAt
      });
    });
    this.outbox.kick();
    return { resend_after: CODE_RESEND_SECONDS, expires_in: CODE_TTL_SECONDS };
  }
  async oldestWait(tx, by, value, since) {
    const column = by === "recipient" ? verificationCodes.recipient : verificationCodes.ip;
    const [oldest] = await tx.select({ createdAt: verificationCodes.createdAt }).from(verificationCodes).where(and8(eq10(column, value), gt3(verificationCodes.createdAt, since))).orderBy(asc2(verificationCodes.createdAt)).limit(1);
    return oldest ? (oldest.createdAt.getTime() + DAY_MS2 - this.now().getTime()) / 1e3 : 60;
  }
  /**
   * Checks a code. Wrong answers count; the fifth wrong one invalidates the code. With
   * `consume`, a right answer spends it (a conditional update: two concurrent uses, one wins).
   */
  async check(r, scene, code, consume) {
    const now = this.now();
    const [row] = await this.db.select().from(verificationCodes).where(
      and8(
        eq10(verificationCodes.recipient, r.key),
        eq10(verificationCodes.scene, scene),
        isNull2(verificationCodes.consumedAt),
        gt3(verificationCodes.expiresAt, now)
      )
    ).orderBy(desc3(verificationCodes.createdAt)).limit(1);
    if (!row) return false;
    if (!safeEqual(row.codeHash, this.hash(r, scene, code))) {
      await this.db.update(verificationCodes).set({
        attempts: sql17`${verificationCodes.attempts} + 1`,
        consumedAt: sql17`case when ${verificationCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`
      }).where(and8(eq10(verificationCodes.id, row.id), isNull2(verificationCodes.consumedAt)));
      return false;
    }
    if (!consume) return true;
    const spent = await this.db.update(verificationCodes).set({ consumedAt: now }).where(and8(eq10(verificationCodes.id, row.id), isNull2(verificationCodes.consumedAt))).returning({ id: verificationCodes.id });
    return spent.length === 1;
  }
  /** check(), throwing CODE_INVALID when it fails. */
  async require(r, scene, code) {
    if (!await this.check(r, scene, code, true)) throw new AppError(ErrorCode.CODE_INVALID);
  }
};

// src/modules/auth/auth.service.ts
var PAY_LIMITS = { maxFailures: 5, lockS: 30 * 60 };
var KNOWN_ONLY_SCENES = /* @__PURE__ */ new Set(["reset", "pay_password", "cancel"]);
var passwordUnset = (id) => and9(eq11(users.id, id), isNull3(users.passwordHash));
var payPasswordUnset = (id) => and9(eq11(users.id, id), isNull3(users.payPasswordHash));
var userInfo = (u) => ({ avatar_url: avatarOf(u), nickname: u.nickname });
function defaultNickname(seed) {
  return `\u7528\u6237${seed.slice(-4)}`;
}
var AuthService = class {
  constructor(db, a) {
    this.db = db;
    this.a = a;
  }
  db;
  a;
  get now() {
    return this.a.now();
  }
  loginData(u, pair, platform, isNew) {
    return {
      user_access_token: pair.access,
      user_refresh_token: pair.refresh,
      user_info: userInfo(u),
      platform,
      is_new_user: isNew,
      has_password: u.passwordHash !== null
    };
  }
  /** Opens a token family for `user` and the login answer. */
  async openSession(user, platform, isNew) {
    const issued = await this.a.tokens.open(this.db, user.id, platform);
    return { data: this.loginData(user, issued, platform, isNew), cookieSecret: issued.cookieSecret };
  }
  // ---- brute-force limits -------------------------------------------------------------------
  keys(accountKey, ip) {
    return { account: `login:acct:${accountKey}:${ip}`, anyIp: `login:acct-all:${accountKey}`, ip: `login:ip:${ip}` };
  }
  /**
   * Refuses early when this IP, this account+IP or (for passwords) this account from every address
   * is over its limit; tells whether a captcha is due. Keyed by what was typed, never by whether the
   * account exists, so known and unknown accounts get the same answers.
   */
  async gate(accountKey, ip, password) {
    const k = this.keys(accountKey, ip);
    const perIp = await this.a.limiter.peek(this.db, k.ip);
    if (perIp.count >= LOGIN_LIMITS.ipMax) {
      throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.a.limiter.retryAfter(perIp.expiresAt) } });
    }
    const perAccount = await this.a.limiter.peek(this.db, k.account);
    if (perAccount.count >= LOGIN_LIMITS.lockAfter) {
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: this.a.limiter.retryAfter(perAccount.expiresAt) } });
    }
    const anyIp = password ? await this.a.limiter.peek(this.db, k.anyIp) : { count: 0, expiresAt: null };
    if (anyIp.count >= LOGIN_LIMITS.accountLockAfter) {
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: this.a.limiter.retryAfter(anyIp.expiresAt) } });
    }
    return { captchaDue: perAccount.count >= LOGIN_LIMITS.captchaAfter || anyIp.count >= LOGIN_LIMITS.accountCaptchaAfter };
  }
  async fail(accountKey, ip, code, password) {
    const k = this.keys(accountKey, ip);
    await this.a.limiter.hit(this.db, k.ip, LOGIN_LIMITS.ipWindowS);
    const n = await this.a.limiter.hit(this.db, k.account, LOGIN_LIMITS.accountWindowS, { at: LOGIN_LIMITS.lockAfter, lockS: LOGIN_LIMITS.lockS });
    const all = password ? await this.a.limiter.hit(this.db, k.anyIp, LOGIN_LIMITS.accountWindowS, { at: LOGIN_LIMITS.accountLockAfter, lockS: LOGIN_LIMITS.lockS }) : 0;
    throw new AppError(code, { data: { captcha_required: n >= LOGIN_LIMITS.captchaAfter || all >= LOGIN_LIMITS.accountCaptchaAfter } });
  }
  /**
   * The key a password login counts and looks up under: a lower-case email, or the E.164 form of a
   * mobile (typed nationally with country_code, or as +E.164). Text that is no valid number keeps a
   * key of its own and simply finds no account.
   */
  passwordAccount(account, countryCode) {
    if (account.includes("@")) return { kind: "email", key: account.toLowerCase() };
    const international = account.startsWith("+") ? parseE164(account) : null;
    const m = international ? canonicalMobile(international.national, international.countryCode) : canonicalMobile(account, countryCode);
    return { kind: "mobile", key: m?.e164 ?? `unparsed:${countryCode}:${account}` };
  }
  // ---- login ---------------------------------------------------------------------------------
  async login(body, caller) {
    if (body.type === "sms") {
      const r = mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
      await this.gate(r.key, caller.ip, false);
      if (!await this.a.codes.check(r, "login", body.code.trim(), true)) {
        if (!await this.a.codes.check(r, "register", body.code.trim(), true)) await this.fail(r.key, caller.ip, ErrorCode.CODE_INVALID, false);
      }
      await this.a.limiter.clear(this.db, this.keys(r.key, caller.ip).account);
      const existing = await findUserByIdentity(this.db, "mobile", r.key);
      if (existing) return this.openSession(existing, caller.platform, false);
      const created = await this.db.transaction(async (tx) => {
        const again = await findUserByIdentity(tx, "mobile", r.key);
        if (again) return { user: again, isNew: false };
        return { user: await createUser(tx, defaultNickname(r.to), { kind: "mobile", value: r.key }, this.now), isNew: true };
      });
      return this.openSession(created.user, caller.platform, created.isNew);
    }
    const { kind, key: accountKey } = this.passwordAccount(body.account.trim(), body.country_code);
    const { captchaDue } = await this.gate(accountKey, caller.ip, true);
    if (captchaDue) {
      if (!body.captcha_key || !body.captcha_code) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, { data: { captcha_required: true } });
      if (!await this.a.captchas.verify(body.captcha_key, body.captcha_code)) await this.fail(accountKey, caller.ip, ErrorCode.CAPTCHA_INVALID, true);
    }
    const user = await findUserByIdentity(this.db, kind, accountKey);
    if (!user?.passwordHash) {
      await burnPasswordCheck(body.password);
      return this.fail(accountKey, caller.ip, ErrorCode.WRONG_CREDENTIALS, true);
    }
    if (!await verifyPassword(body.password, user.passwordHash)) return this.fail(accountKey, caller.ip, ErrorCode.WRONG_CREDENTIALS, true);
    await this.a.limiter.clear(this.db, this.keys(accountKey, caller.ip).account);
    return this.openSession(user, caller.platform, false);
  }
  // ---- codes ---------------------------------------------------------------------------------
  async requireCaptcha(key, code) {
    if (!await this.a.captchas.verify(key, code)) throw new AppError(ErrorCode.CAPTCHA_INVALID);
  }
  /** The same path for every address: known or not, the code is stored and queued (see VerificationCodes.send). */
  async sendCode(r, scene, caller) {
    return this.a.codes.send(r, scene, { ip: caller.ip, lang: caller.lang, onlyToAccount: KNOWN_ONLY_SCENES.has(scene) });
  }
  async sendSms(body, caller) {
    await this.requireCaptcha(body.captcha_key, body.captcha_code);
    return this.sendCode(mobileRecipient(body.mobile.trim(), body.country_code, caller.lang), body.scene, caller);
  }
  async sendEmailCode(body, caller) {
    await this.requireCaptcha(body.captcha_key, body.captcha_code);
    return this.sendCode(emailRecipient(body.email), body.scene, caller);
  }
  /** Checks a code without spending it (the next step sends it again) and returns a signed ticket. */
  async smsVerify(body, caller) {
    const r = mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
    const ip = this.keys(r.key, caller.ip).ip;
    const perIp = await this.a.limiter.peek(this.db, ip);
    if (perIp.count >= LOGIN_LIMITS.ipMax) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.a.limiter.retryAfter(perIp.expiresAt) } });
    if (!await this.a.codes.check(r, body.scene, body.code.trim(), false)) {
      await this.a.limiter.hit(this.db, ip, LOGIN_LIMITS.ipWindowS);
      throw new AppError(ErrorCode.CODE_INVALID);
    }
    const expires_in = 600;
    const verify_ticket = signToken(this.a.secret, "verify-ticket", { r: r.key, s: body.scene, exp: Math.floor(this.now.getTime() / 1e3) + expires_in });
    return { verify_ticket, expires_in };
  }
  // ---- tokens and session -------------------------------------------------------------------
  async refresh(raw) {
    const outcome = await this.a.tokens.refresh(this.db, raw);
    if (!outcome.ok) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const user = await getUser(this.db, outcome.userId);
    if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const platform = outcome.platform === "wechat" ? "wechat" : "web";
    return { user_access_token: outcome.pair.access, user_refresh_token: outcome.pair.refresh, user_info: userInfo(user), platform };
  }
  async sessionCheck(cookieSecret) {
    const found = cookieSecret ? await this.a.tokens.fromCookie(this.db, cookieSecret) : null;
    if (!found) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const user = await getUser(this.db, found.userId);
    if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    return {
      user_access_token: found.pair.access,
      user_refresh_token: found.pair.refresh,
      user_info: userInfo(user),
      platform: found.platform === "wechat" ? "wechat" : "web"
    };
  }
  /** Revokes the family of the presented access token and of the session cookie, if any. */
  async logout(accessToken, cookieSecret) {
    const ids = /* @__PURE__ */ new Set();
    if (accessToken) {
      const id = await this.a.tokens.sessionOfAccessToken(this.db, accessToken);
      if (id) ids.add(id);
    }
    if (cookieSecret) {
      const id = await this.a.tokens.sessionOfCookie(this.db, cookieSecret);
      if (id) ids.add(id);
    }
    for (const id of ids) await this.a.tokens.revokeSession(this.db, id, "logout");
  }
  async loginInfo(me, platform) {
    const user = await this.userOf(me);
    const ids = await identitiesOf(this.db, user.id);
    const mobile = splitMobile(ids.mobile);
    return {
      user_id: user.id,
      nickname: user.nickname,
      avatar_url: avatarOf(user),
      mobile: mobile ? maskMobile(mobile.mobile) : null,
      country_code: mobile?.countryCode ?? null,
      email: ids.email ? maskEmail(ids.email) : null,
      has_password: user.passwordHash !== null,
      has_pay_password: user.payPasswordHash !== null,
      wechat_bound: Boolean(ids.wechat),
      profile_completed: user.profileCompleted,
      platform
    };
  }
  async userOf(me) {
    const user = await getUser(this.db, me.id);
    if (!user || user.status !== "active") throw new AppError(ErrorCode.NOT_LOGGED_IN);
    return user;
  }
  // ---- login password ------------------------------------------------------------------------
  async setPassword(me, password) {
    const hash = await hashPassword(password);
    const done = await this.db.update(users).set({ passwordHash: hash }).where(passwordUnset(me.id)).returning({ id: users.id });
    if (done.length === 0) throw new AppError(ErrorCode.PASSWORD_ALREADY_SET);
  }
  /** Changes the password; the user's other sessions end, this one gets a fresh pair. */
  async resetPassword(me, oldPassword, password, caller) {
    const user = await this.userOf(me);
    const key = `pwchange:${user.id}`;
    await this.gate(key, caller.ip, true);
    if (!user.passwordHash || !await verifyPassword(oldPassword, user.passwordHash)) {
      if (!user.passwordHash) await burnPasswordCheck(oldPassword);
      return this.fail(key, caller.ip, ErrorCode.WRONG_CREDENTIALS, true);
    }
    const hash = await hashPassword(password);
    const pair = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq11(users.id, user.id));
      await this.a.tokens.revokeUser(tx, user.id, "password_changed", me.sessionId);
      return this.a.tokens.renew(tx, me.sessionId, user.id);
    });
    return { user_access_token: pair.access, user_refresh_token: pair.refresh, user_info: userInfo(user), platform: caller.platform };
  }
  /** New password by SMS or email code; every session ends. Same answer for unknown addresses. */
  async forgetPassword(body, caller) {
    const r = "email" in body ? emailRecipient(body.email) : mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
    const k = this.keys(r.key, caller.ip);
    const perIp = await this.a.limiter.peek(this.db, k.ip);
    if (perIp.count >= LOGIN_LIMITS.ipMax) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.a.limiter.retryAfter(perIp.expiresAt) } });
    const hash = await hashPassword(body.password);
    if (!await this.a.codes.check(r, "reset", body.code.trim(), true)) {
      await this.a.limiter.hit(this.db, k.ip, LOGIN_LIMITS.ipWindowS);
      throw new AppError(ErrorCode.CODE_INVALID);
    }
    const user = await findUserByIdentity(this.db, r.channel === "sms" ? "mobile" : "email", r.key);
    if (!user) throw new AppError(ErrorCode.CODE_INVALID);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq11(users.id, user.id));
      await this.a.tokens.revokeUser(tx, user.id, "password_reset");
    });
    await this.a.limiter.clear(this.db, k.account);
  }
  // ---- pay password ------------------------------------------------------------------------
  /** Where the user's own codes go: the bound mobile, else the bound email. */
  async ownRecipient(userId) {
    const ids = await identitiesOf(this.db, userId);
    const mobile = ids.mobile ? parseE164(ids.mobile) : null;
    if (mobile) return e164Recipient(mobile);
    if (ids.email) return emailRecipient(ids.email);
    throw new AppError(ErrorCode.CODE_INVALID);
  }
  async setPayPassword(me, payPassword, code) {
    const user = await this.userOf(me);
    if (user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
    await this.a.codes.require(await this.ownRecipient(user.id), "pay_password", code.trim());
    const hash = await hashPassword(payPassword);
    const done = await this.db.update(users).set({ payPasswordHash: hash, payFailures: 0, payLockedUntil: null }).where(payPasswordUnset(user.id)).returning({ id: users.id });
    if (done.length === 0) throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
  }
  async changePayPassword(me, oldPay, payPassword) {
    await this.checkPayPassword(me, oldPay);
    await this.db.update(users).set({ payPasswordHash: await hashPassword(payPassword) }).where(eq11(users.id, me.id));
  }
  async forgetPayPassword(me, code, payPassword) {
    const user = await this.userOf(me);
    if (!user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET);
    await this.a.codes.require(await this.ownRecipient(user.id), "pay_password", code.trim());
    await this.db.update(users).set({ payPasswordHash: await hashPassword(payPassword), payFailures: 0, payLockedUntil: null }).where(eq11(users.id, user.id));
  }
  /** Verifies the pay password: WRONG_PAY_PASSWORD with data.remaining_attempts; LOCKED after 5 in a row. */
  async checkPayPassword(me, payPassword) {
    const user = await this.userOf(me);
    if (!user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET);
    const now = this.now;
    if (user.payLockedUntil && user.payLockedUntil > now) {
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: Math.ceil((user.payLockedUntil.getTime() - now.getTime()) / 1e3) } });
    }
    if (await verifyPassword(payPassword, user.payPasswordHash)) {
      if (user.payFailures > 0 || user.payLockedUntil) await this.db.update(users).set({ payFailures: 0, payLockedUntil: null }).where(eq11(users.id, user.id));
      return;
    }
    const [row] = await this.db.update(users).set({ payFailures: sql18`case when ${users.payLockedUntil} is not null and ${users.payLockedUntil} <= ${now.toISOString()}::timestamptz then 1 else ${users.payFailures} + 1 end`, payLockedUntil: null }).where(eq11(users.id, user.id)).returning({ failures: users.payFailures });
    const failures = row?.failures ?? PAY_LIMITS.maxFailures;
    if (failures >= PAY_LIMITS.maxFailures) {
      await this.db.update(users).set({ payLockedUntil: new Date(now.getTime() + PAY_LIMITS.lockS * 1e3) }).where(eq11(users.id, user.id));
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: PAY_LIMITS.lockS, remaining_attempts: 0 } });
    }
    throw new AppError(ErrorCode.WRONG_PAY_PASSWORD, { data: { remaining_attempts: PAY_LIMITS.maxFailures - failures } });
  }
};

// src/modules/auth/captcha.ts
import { randomInt as randomInt2 } from "node:crypto";
import { eq as eq12, lt } from "drizzle-orm";
var P_STROKE = [[0, 6], [0, 0], [3, 0], [4, 1], [4, 2.2], [3, 3.2], [0, 3.2]];
var GLYPHS = {
  "2": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  "3": [[[0, 0], [4, 0], [2, 2.5], [3.5, 3], [4, 4.5], [3, 6], [1, 6], [0, 5]]],
  "4": [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  "5": [[[4, 0], [0, 0], [0, 2.7], [3, 2.5], [4, 3.8], [3.5, 5.5], [2, 6], [0, 5.5]]],
  "6": [[[3.5, 0], [1, 1.5], [0, 4], [1, 6], [3, 6], [4, 4.5], [3, 3], [1, 3], [0, 4]]],
  "7": [[[0, 0], [4, 0], [1.5, 6]]],
  "8": [[[2, 3], [0.5, 2], [0.5, 0.8], [2, 0], [3.5, 0.8], [3.5, 2], [2, 3], [0, 4.5], [1, 6], [3, 6], [4, 4.5], [2, 3]]],
  "9": [[[4, 2], [3, 3], [1, 3], [0, 1.5], [1, 0], [3, 0], [4, 1.5], [4, 3.5], [2.5, 6], [0.5, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  C: [[[4, 0.8], [3, 0], [1, 0], [0, 1.5], [0, 4.5], [1, 6], [3, 6], [4, 5.2]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3.5], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [P_STROKE],
  R: [P_STROKE, [[2, 3.2], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 4.8], [1, 6], [3, 6], [4, 4.8], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]]
};
var ALPHABET = Object.keys(GLYPHS);
var CAPTCHA_LENGTH = 4;
var CAPTCHA_TTL_S = 300;
var W = 120;
var H = 40;
var rnd = (min, max) => min + randomInt2(0, 1e6) / 1e6 * (max - min);
var f = (n) => n.toFixed(1);
var colour = () => `hsl(${randomInt2(0, 360)},${randomInt2(45, 75)}%,${randomInt2(25, 45)}%)`;
function randomAnswer() {
  return Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt2(0, ALPHABET.length)]).join("");
}
function captchaSvg(answer) {
  const parts = [];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${f(rnd(0, 10))} ${f(rnd(0, H))}C${f(rnd(20, 50))} ${f(rnd(0, H))} ${f(rnd(70, 100))} ${f(rnd(0, H))} ${f(rnd(110, W))} ${f(rnd(0, H))}" stroke="${colour()}" stroke-width="${f(rnd(0.8, 1.6))}" fill="none"/>`
    );
  }
  [...answer].forEach((ch, i) => {
    const strokes = GLYPHS[ch] ?? [];
    const scale = rnd(3.8, 4.6);
    const angle = rnd(-0.35, 0.35);
    const cx = 16 + i * 27 + rnd(-3, 3);
    const cy = H / 2 + rnd(-3, 3);
    const skew = rnd(-0.25, 0.25);
    const place = ([x, y]) => {
      const px = (x - 2 + skew * (y - 3)) * scale + rnd(-0.9, 0.9);
      const py = (y - 3) * scale + rnd(-0.9, 0.9);
      return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
    };
    const colourOf = colour();
    for (const stroke of strokes) {
      const pts = [];
      stroke.forEach((pt, k) => {
        const prev = stroke[k - 1];
        if (prev) pts.push(place([(prev[0] + pt[0]) / 2 + rnd(-0.25, 0.25), (prev[1] + pt[1]) / 2 + rnd(-0.25, 0.25)]));
        pts.push(place(pt));
      });
      const d = pts.map(([x, y], k) => `${k === 0 ? "M" : "L"}${f(x)} ${f(y)}`).join("");
      parts.push(`<path d="${d}" stroke="${colourOf}" stroke-width="${f(rnd(2.2, 3))}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
  });
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${f(rnd(0, W))}" cy="${f(rnd(0, H))}" r="${f(rnd(0.4, 1.2))}" fill="${colour()}"/>`);
  }
  for (let i = parts.length - 1; i > 0; i--) {
    const j = randomInt2(0, i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#f4f6f8"/>${parts.join("")}</svg>`;
}
var Captchas = class {
  constructor(db, secret, now, keepDevAnswer) {
    this.db = db;
    this.secret = secret;
    this.now = now;
    this.keepDevAnswer = keepDevAnswer;
  }
  db;
  secret;
  now;
  keepDevAnswer;
  hash(key, answer) {
    return hmac(this.secret, "captcha", key, answer.toUpperCase());
  }
  async create() {
    const now = this.now();
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
    const key = randomToken(18);
    const answer = randomAnswer();
    await this.db.insert(captchas).values({
      key,
      answerHash: this.hash(key, answer),
      devAnswer: this.keepDevAnswer ? answer : null,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_S * 1e3),
      createdAt: now
    });
    return { captcha_key: key, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString("base64")}` };
  }
  /** Checks and spends a captcha: one attempt each, right or wrong. */
  async verify(key, answer) {
    const [row] = await this.db.delete(captchas).where(eq12(captchas.key, key)).returning();
    if (!row || row.expiresAt <= this.now()) return false;
    return safeEqual(row.answerHash, this.hash(key, answer.trim()));
  }
  async devAnswer(key) {
    const [row] = await this.db.select({ devAnswer: captchas.devAnswer }).from(captchas).where(eq12(captchas.key, key));
    return row?.devAnswer ?? null;
  }
};

// src/modules/auth/rate-limit.ts
import { eq as eq13, lt as lt2, sql as sql19 } from "drizzle-orm";
var RateLimiter = class {
  constructor(now) {
    this.now = now;
  }
  now;
  /** Current count of an unexpired window, and when it ends. */
  async peek(db, key) {
    const [row] = await db.select().from(rateLimits).where(eq13(rateLimits.key, key));
    if (!row || row.expiresAt <= this.now()) return { count: 0, expiresAt: null };
    return { count: row.count, expiresAt: row.expiresAt };
  }
  /**
   * Counts one event in a window of `windowS` (a new window starts when the old one has ended).
   * `extendToS`, when given and the count reaches `extendAt`, pushes the end out (a lock period).
   */
  async hit(db, key, windowS, extend) {
    const now = this.now();
    const end = new Date(now.getTime() + windowS * 1e3);
    const nowSql = sql19`${now.toISOString()}::timestamptz`;
    const endSql = sql19`${end.toISOString()}::timestamptz`;
    const [row] = await db.insert(rateLimits).values({ key, count: 1, windowStart: now, expiresAt: end }).onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql19`case when ${rateLimits.expiresAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql19`case when ${rateLimits.expiresAt} <= ${nowSql} then ${nowSql} else ${rateLimits.windowStart} end`,
        expiresAt: sql19`case when ${rateLimits.expiresAt} <= ${nowSql} then ${endSql} else ${rateLimits.expiresAt} end`
      }
    }).returning({ count: rateLimits.count });
    const count6 = row?.count ?? 1;
    if (extend && count6 >= extend.at) {
      await db.update(rateLimits).set({ expiresAt: new Date(now.getTime() + extend.lockS * 1e3) }).where(eq13(rateLimits.key, key));
    }
    return count6;
  }
  async clear(db, key) {
    await db.delete(rateLimits).where(eq13(rateLimits.key, key));
  }
  /** Seconds until the window of `key` ends (at least 1). */
  retryAfter(expiresAt) {
    if (!expiresAt) return 1;
    return Math.max(1, Math.ceil((expiresAt.getTime() - this.now().getTime()) / 1e3));
  }
  async sweep(db) {
    await db.delete(rateLimits).where(lt2(rateLimits.expiresAt, this.now()));
  }
};

// src/modules/auth/session-cookie.ts
var SESSION_COOKIE = "mp_session";
function setSessionCookie(req, reply, secret, maxAgeS) {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: req.protocol === "https",
    maxAge: maxAgeS
  });
}

// src/modules/auth/tokens.ts
import { and as and10, eq as eq14, gt as gt4, isNull as isNull4, lt as lt3, ne, sql as sql20 } from "drizzle-orm";
var SUCCESSOR_INFO = "refresh-successor";
var Tokens = class {
  constructor(settings, now) {
    this.settings = settings;
    this.now = now;
  }
  settings;
  now;
  at(offsetS) {
    return new Date(this.now().getTime() + offsetS * 1e3);
  }
  async addPair(tx, sessionId, userId) {
    const pair = { access: randomToken(), refresh: randomToken() };
    const created = this.now();
    await tx.insert(authTokens).values([
      { tokenHash: sha256(pair.access), kind: "access", sessionId, userId, expiresAt: this.at(this.settings.accessTtlS), createdAt: created },
      { tokenHash: sha256(pair.refresh), kind: "refresh", sessionId, userId, expiresAt: this.at(this.settings.refreshTtlS), createdAt: created }
    ]);
    await tx.update(authSessions).set({ lastUsedAt: created, expiresAt: this.at(this.settings.refreshTtlS) }).where(eq14(authSessions.id, sessionId));
    return pair;
  }
  /** Opens a new family for a login and returns its first pair and the session-cookie secret. */
  async open(tx, userId, platform) {
    const cookieSecret = randomToken();
    const [row] = await tx.insert(authSessions).values({ userId, platform, cookieHash: sha256(cookieSecret), createdAt: this.now(), lastUsedAt: this.now(), expiresAt: this.at(this.settings.refreshTtlS) }).returning({ id: authSessions.id });
    if (!row) throw new Error("session insert returned nothing");
    const pair = await this.addPair(tx, row.id, userId);
    return { ...pair, sessionId: row.id, cookieSecret };
  }
  /** The user of a valid, unexpired, unrevoked access token: one indexed lookup. */
  async authenticate(db, raw) {
    const [row] = await db.select({ id: authTokens.userId, sessionId: authTokens.sessionId }).from(authTokens).innerJoin(authSessions, eq14(authSessions.id, authTokens.sessionId)).innerJoin(users, eq14(users.id, authTokens.userId)).where(
      and10(
        eq14(authTokens.tokenHash, sha256(raw)),
        eq14(authTokens.kind, "access"),
        gt4(authTokens.expiresAt, this.now()),
        isNull4(authSessions.revokedAt),
        eq14(users.status, "active")
      )
    ).limit(1);
    return row ?? null;
  }
  /**
   * Rotates a refresh token, in one transaction holding the token's row lock (PostgreSQL), so
   * concurrent refreshes with the same token serialise: the first rotates, the others find it
   * rotated moments ago and receive the same successor pair. A rotated token presented after the
   * grace window is treated as stolen: the whole family is revoked.
   */
  async refresh(db, raw) {
    const hash = sha256(raw);
    const now = this.now();
    return db.transaction(async (tx) => {
      const [token] = await tx.select().from(authTokens).where(and10(eq14(authTokens.tokenHash, hash), eq14(authTokens.kind, "refresh"))).for("update");
      if (!token) return { ok: false, reason: "unknown" };
      const [session] = await tx.select().from(authSessions).where(eq14(authSessions.id, token.sessionId)).for("update");
      if (!session || session.revokedAt) return { ok: false, reason: "revoked" };
      const [user] = await tx.select({ status: users.status }).from(users).where(eq14(users.id, token.userId));
      if (user?.status !== "active") return { ok: false, reason: "revoked" };
      if (token.rotatedAt) {
        const age = (now.getTime() - token.rotatedAt.getTime()) / 1e3;
        const sealed = token.successorEnc;
        if (age <= this.settings.refreshGraceS && sealed) {
          const plain = decryptWith(raw, SUCCESSOR_INFO, sealed);
          if (plain) {
            const pair2 = JSON.parse(plain);
            return { ok: true, pair: pair2, userId: token.userId, platform: session.platform };
          }
        }
        await tx.update(authSessions).set({ revokedAt: now, revokeReason: "refresh_reuse" }).where(eq14(authSessions.id, session.id));
        return { ok: false, reason: "reuse" };
      }
      if (token.expiresAt <= now) return { ok: false, reason: "expired" };
      const pair = await this.addPair(tx, session.id, token.userId);
      await tx.update(authTokens).set({ rotatedAt: now, successorEnc: encryptWith(raw, SUCCESSOR_INFO, JSON.stringify(pair)) }).where(eq14(authTokens.tokenHash, hash));
      return { ok: true, pair, userId: token.userId, platform: session.platform };
    });
  }
  /** Server session check: a new pair in the family of a valid session cookie. */
  async fromCookie(db, cookieSecret) {
    const [session] = await db.select({ id: authSessions.id, userId: authSessions.userId, platform: authSessions.platform }).from(authSessions).innerJoin(users, eq14(users.id, authSessions.userId)).where(
      and10(
        eq14(authSessions.cookieHash, sha256(cookieSecret)),
        isNull4(authSessions.revokedAt),
        gt4(authSessions.expiresAt, this.now()),
        eq14(users.status, "active")
      )
    );
    if (!session) return null;
    const pair = await this.addPair(db, session.id, session.userId);
    return { pair, userId: session.userId, platform: session.platform };
  }
  /** The family a session cookie or access token belongs to, if any (logout). */
  async sessionOfCookie(db, cookieSecret) {
    const [row] = await db.select({ id: authSessions.id }).from(authSessions).where(eq14(authSessions.cookieHash, sha256(cookieSecret)));
    return row?.id ?? null;
  }
  async sessionOfAccessToken(db, raw) {
    const [row] = await db.select({ id: authTokens.sessionId }).from(authTokens).where(and10(eq14(authTokens.tokenHash, sha256(raw)), eq14(authTokens.kind, "access")));
    return row?.id ?? null;
  }
  async revokeSession(tx, sessionId, reason) {
    await tx.update(authSessions).set({ revokedAt: this.now(), revokeReason: reason }).where(and10(eq14(authSessions.id, sessionId), isNull4(authSessions.revokedAt)));
  }
  /** Revokes every family of a user, or every one but `keep`. */
  async revokeUser(tx, userId, reason, keep) {
    await tx.update(authSessions).set({ revokedAt: this.now(), revokeReason: reason }).where(and10(eq14(authSessions.userId, userId), isNull4(authSessions.revokedAt), keep === void 0 ? void 0 : ne(authSessions.id, keep)));
  }
  /** A fresh pair inside an existing family (after a password change keeps the current session). */
  async renew(tx, sessionId, userId) {
    await tx.update(authTokens).set({ expiresAt: this.now() }).where(and10(eq14(authTokens.sessionId, sessionId), gt4(authTokens.expiresAt, this.now())));
    return this.addPair(tx, sessionId, userId);
  }
  /** Deletes tokens long past expiry and wipes successor pairs past the grace window. */
  async sweep(db) {
    const now = this.now();
    await db.delete(authTokens).where(lt3(authTokens.expiresAt, new Date(now.getTime() - 864e5)));
    await db.update(authTokens).set({ successorEnc: null }).where(and10(sql20`${authTokens.successorEnc} is not null`, lt3(authTokens.rotatedAt, new Date(now.getTime() - (this.settings.refreshGraceS + 1) * 1e3))));
  }
};

// src/modules/auth/accounts.plugin.ts
var SWEEP_INTERVAL_MS = 15 * 60 * 1e3;
var accounts_plugin_default = fp2(
  async (app, { config, now, sender }) => {
    const secret = await loadAppSecret(app.db, config.appSecret);
    const messages = sender ?? new SandboxSender(app.db, now);
    const outbox2 = new MessageOutbox(app.db, messages, now, {
      log: app.log,
      hasAccount: async (channel2, to) => await findUserByIdentity(app.db, channel2 === "sms" ? "mobile" : "email", to) !== null
    });
    const tokens = new Tokens(config.auth, now);
    const codes = new VerificationCodes(app.db, secret, outbox2, now);
    const accounts = {
      config,
      now,
      secret,
      tokens,
      captchas: new Captchas(app.db, secret, now, config.env !== "production"),
      codes,
      limiter: new RateLimiter(now),
      sender: messages,
      outbox: outbox2,
      issueSession: (user, platform, isNew) => service.openSession(user, platform, isNew),
      setSessionCookie: (req, reply, outcome) => setSessionCookie(req, reply, outcome.cookieSecret, config.auth.refreshTtlS),
      verifyCode: (recipient, scene, code) => codes.require(recipient, scene, code),
      revokeTokens: (tx, userId, reason) => tokens.revokeUser(tx, userId, reason),
      checkPayPassword: (me, payPassword) => service.checkPayPassword(me, payPassword),
      users: {
        get: getUser,
        current: (me) => service.userOf(me),
        byIdentity: findUserByIdentity,
        identities: identitiesOf,
        create: createUser,
        ownRecipient: (userId) => service.ownRecipient(userId)
      }
    };
    const service = new AuthService(app.db, accounts);
    app.decorate("accounts", accounts);
    app.addHook("onReady", async () => outbox2.start());
    app.addHook("onClose", async () => outbox2.stop());
    const sweep = () => {
      Promise.all([accounts.tokens.sweep(app.db), accounts.limiter.sweep(app.db), outbox2.sweep()]).catch((err) => app.log.warn({ err }, "auth sweep failed"));
    };
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "accounts", dependencies: ["db"] }
);

// src/modules/auth/auth.routes.ts
import { isIP } from "node:net";

// src/modules/auth/countries.ts
var COUNTRIES = [
  ["86", "CN", "\u4E2D\u56FD\u5927\u9646", "Chinese Mainland"],
  ["852", "HK", "\u4E2D\u56FD\u9999\u6E2F", "Hong Kong, China"],
  ["853", "MO", "\u4E2D\u56FD\u6FB3\u95E8", "Macao, China"],
  ["886", "TW", "\u4E2D\u56FD\u53F0\u6E7E", "Taiwan, China"],
  ["1", "US", "\u7F8E\u56FD", "United States"],
  ["1", "CA", "\u52A0\u62FF\u5927", "Canada"],
  ["44", "GB", "\u82F1\u56FD", "United Kingdom"],
  ["81", "JP", "\u65E5\u672C", "Japan"],
  ["82", "KR", "\u97E9\u56FD", "South Korea"],
  ["65", "SG", "\u65B0\u52A0\u5761", "Singapore"],
  ["61", "AU", "\u6FB3\u5927\u5229\u4E9A", "Australia"],
  ["64", "NZ", "\u65B0\u897F\u5170", "New Zealand"],
  ["49", "DE", "\u5FB7\u56FD", "Germany"],
  ["33", "FR", "\u6CD5\u56FD", "France"],
  ["39", "IT", "\u610F\u5927\u5229", "Italy"],
  ["34", "ES", "\u897F\u73ED\u7259", "Spain"],
  ["31", "NL", "\u8377\u5170", "Netherlands"],
  ["32", "BE", "\u6BD4\u5229\u65F6", "Belgium"],
  ["41", "CH", "\u745E\u58EB", "Switzerland"],
  ["43", "AT", "\u5965\u5730\u5229", "Austria"],
  ["46", "SE", "\u745E\u5178", "Sweden"],
  ["47", "NO", "\u632A\u5A01", "Norway"],
  ["45", "DK", "\u4E39\u9EA6", "Denmark"],
  ["358", "FI", "\u82AC\u5170", "Finland"],
  ["353", "IE", "\u7231\u5C14\u5170", "Ireland"],
  ["351", "PT", "\u8461\u8404\u7259", "Portugal"],
  ["48", "PL", "\u6CE2\u5170", "Poland"],
  ["7", "RU", "\u4FC4\u7F57\u65AF", "Russia"],
  ["90", "TR", "\u571F\u8033\u5176", "T\xFCrkiye"],
  ["60", "MY", "\u9A6C\u6765\u897F\u4E9A", "Malaysia"],
  ["66", "TH", "\u6CF0\u56FD", "Thailand"],
  ["84", "VN", "\u8D8A\u5357", "Viet Nam"],
  ["63", "PH", "\u83F2\u5F8B\u5BBE", "Philippines"],
  ["62", "ID", "\u5370\u5EA6\u5C3C\u897F\u4E9A", "Indonesia"],
  ["91", "IN", "\u5370\u5EA6", "India"],
  ["92", "PK", "\u5DF4\u57FA\u65AF\u5766", "Pakistan"],
  ["880", "BD", "\u5B5F\u52A0\u62C9\u56FD", "Bangladesh"],
  ["94", "LK", "\u65AF\u91CC\u5170\u5361", "Sri Lanka"],
  ["95", "MM", "\u7F05\u7538", "Myanmar"],
  ["855", "KH", "\u67EC\u57D4\u5BE8", "Cambodia"],
  ["976", "MN", "\u8499\u53E4", "Mongolia"],
  ["971", "AE", "\u963F\u8054\u914B", "United Arab Emirates"],
  ["966", "SA", "\u6C99\u7279\u963F\u62C9\u4F2F", "Saudi Arabia"],
  ["972", "IL", "\u4EE5\u8272\u5217", "Israel"],
  ["20", "EG", "\u57C3\u53CA", "Egypt"],
  ["27", "ZA", "\u5357\u975E", "South Africa"],
  ["234", "NG", "\u5C3C\u65E5\u5229\u4E9A", "Nigeria"],
  ["254", "KE", "\u80AF\u5C3C\u4E9A", "Kenya"],
  ["55", "BR", "\u5DF4\u897F", "Brazil"],
  ["52", "MX", "\u58A8\u897F\u54E5", "Mexico"],
  ["54", "AR", "\u963F\u6839\u5EF7", "Argentina"],
  ["56", "CL", "\u667A\u5229", "Chile"],
  ["57", "CO", "\u54E5\u4F26\u6BD4\u4E9A", "Colombia"],
  ["51", "PE", "\u79D8\u9C81", "Peru"]
];
function countryPhoneCodes(lang) {
  return COUNTRIES.map(([code, iso, zh, en]) => ({ code, iso, name: lang === "en" ? en : zh }));
}

// src/modules/auth/auth.routes.ts
var callerOf = (req) => ({ ip: req.ip, lang: req.ctx.lang, platform: req.ctx.platform });
var PRIVATE_V4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^0\./];
function isPrivateIp(ip) {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return PRIVATE_V4.some((re) => re.test(v4));
  const lower = ip.toLowerCase();
  return lower === "::1" || lower === "::" || lower.startsWith("fc") || lower.startsWith("fd") || lower.startsWith("fe80:");
}
var authRoutes = async (instance) => {
  const app = instance.withTypeProvider();
  const auth = new AuthService(app.db, app.accounts);
  const refreshTtl = app.accounts.config.auth.refreshTtlS;
  app.route({ ...endpointRoute("captchaImage"), handler: async () => ok(await app.accounts.captchas.create()) });
  app.route({
    ...endpointRoute("countryPhoneCodes"),
    handler: async (req) => ok({ items: countryPhoneCodes(req.ctx.lang) })
  });
  app.route({
    ...endpointRoute("checkIp"),
    // Geo-IP is not configured: country stays null rather than guessed.
    handler: async (req) => ok({ ip: req.ip, country: null, is_private: isPrivateIp(req.ip) })
  });
  app.route({ ...endpointRoute("sendSms"), handler: async (req) => ok(await auth.sendSms(req.body, callerOf(req))) });
  app.route({ ...endpointRoute("sendEmailCode"), handler: async (req) => ok(await auth.sendEmailCode(req.body, callerOf(req))) });
  app.route({ ...endpointRoute("smsVerify"), handler: async (req) => ok(await auth.smsVerify(req.body, callerOf(req))) });
  app.route({
    ...endpointRoute("login"),
    handler: async (req, reply) => {
      const outcome = await auth.login(req.body, callerOf(req));
      setSessionCookie(req, reply, outcome.cookieSecret, refreshTtl);
      return ok(outcome.data);
    }
  });
  app.route({ ...endpointRoute("refreshToken"), handler: async (req) => ok(await auth.refresh(req.body.refresh_token)) });
  app.route({
    ...endpointRoute("sessionCheck"),
    handler: async (req, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await auth.sessionCheck(req.cookies[SESSION_COOKIE]));
    }
  });
  app.route({
    ...endpointRoute("logout"),
    handler: async (req, reply) => {
      await auth.logout(req.ctx.accessToken, req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("loginInfo"),
    handler: async (req) => ok(await auth.loginInfo(currentUser(req), req.ctx.platform))
  });
  app.route({
    ...endpointRoute("setPassword"),
    handler: async (req) => {
      await auth.setPassword(currentUser(req), req.body.password);
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("resetPassword"),
    handler: async (req) => ok(await auth.resetPassword(currentUser(req), req.body.old_password, req.body.password, callerOf(req)))
  });
  app.route({
    ...endpointRoute("forgetPassword"),
    handler: async (req) => {
      await auth.forgetPassword(req.body, callerOf(req));
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("checkHasPassword"),
    handler: async (req) => ok({ has_password: (await auth.userOf(currentUser(req))).passwordHash !== null })
  });
  app.route({
    ...endpointRoute("hasPayPassword"),
    handler: async (req) => ok({ has_pay_password: (await auth.userOf(currentUser(req))).payPasswordHash !== null })
  });
  app.route({
    ...endpointRoute("setPayPassword"),
    handler: async (req) => {
      await auth.setPayPassword(currentUser(req), req.body.pay_password, req.body.code);
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("changePayPassword"),
    handler: async (req) => {
      await auth.changePayPassword(currentUser(req), req.body.old_pay_password, req.body.pay_password);
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("forgetPayPassword"),
    handler: async (req) => {
      await auth.forgetPayPassword(currentUser(req), req.body.code, req.body.pay_password);
      return ok(null);
    }
  });
  app.route({
    ...endpointRoute("verifyPayPassword"),
    handler: async (req) => {
      await auth.checkPayPassword(currentUser(req), req.body.pay_password);
      return ok({ verified: true });
    }
  });
};
var auth_routes_default = authRoutes;

// src/modules/live-room/live-room.present.ts
function presentUser(u) {
  return { id: u.userId, nickname: u.nickname, avatar: avatarOf(u) };
}
function presentTopicPublic(r) {
  return {
    id: r.id,
    content: r.content,
    like_count: r.likeCount,
    answered: r.answer !== null,
    answer: r.answer,
    answered_at: r.answeredAt?.toISOString() ?? null,
    status: r.status,
    pinned: r.pinned,
    created_at: r.createdAt.toISOString(),
    user: presentUser(r)
  };
}
function presentTopic(r, isLike) {
  return { ...presentTopicPublic(r), is_like: isLike };
}
function presentSpeaker2(s, lang) {
  const role = s.role === "host" || s.role === "panelist" ? s.role : "speaker";
  return { id: s.id, name: pick(lang, s.nameZh, s.nameEn), avatar: s.avatar, title: pick(lang, s.titleZh, s.titleEn), role };
}
function presentButton(b, lang) {
  return { id: b.id, title: pick(lang, b.titleZh, b.titleEn), action: b.action };
}
function presentPoll(p, options2, voters) {
  return {
    id: p.id,
    question: p.question,
    multiple: p.multiple,
    status: p.open ? "open" : "closed",
    options: options2.map((o) => ({ id: o.id, text: o.text, votes: o.votes })),
    voters,
    created_at: p.createdAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null
  };
}
function groupDigits(digits) {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

// src/modules/live-room/live-room.service.ts
var noMedia = {
  live: async () => null,
  recording: async () => null
};
var notFound = () => new AppError(ErrorCode.NOT_FOUND);
function accessCodeHash(liveId, code) {
  return sha256(`live-access:${liveId}:${code.trim()}`);
}
var LiveRoomService = class {
  constructor(db, now, publish, viewers, media = noMedia, tallyDelayMs = 300) {
    this.db = db;
    this.now = now;
    this.publish = publish;
    this.viewers = viewers;
    this.media = media;
    this.tallyDelayMs = tallyDelayMs;
  }
  db;
  now;
  publish;
  viewers;
  media;
  tallyDelayMs;
  tallyTimers = /* @__PURE__ */ new Map();
  closed = false;
  close() {
    this.closed = true;
    for (const t of this.tallyTimers.values()) clearTimeout(t);
    this.tallyTimers.clear();
  }
  async live(id) {
    const live = await findLive(this.db, id);
    if (!live) throw notFound();
    return live;
  }
  status(live, now = this.now()) {
    return liveStatus(live.startAt, live.endAt, live.hasReplay, now);
  }
  /** Whether the viewer may take part, and as what. */
  async role(live, userId) {
    if (userId === void 0) return { isMod: false, blocked: live.requireLogin || live.accessCodeHash ? "login" : null };
    const isMod = await isModerator(this.db, live.id, userId);
    if (isMod || !live.accessCodeHash) return { isMod, blocked: null };
    const access = await accessOf(this.db, live.id, userId);
    return { isMod, blocked: access?.grantedAt ? null : "access_code" };
  }
  async enter(liveId, userId) {
    const live = await this.live(liveId);
    const { isMod, blocked } = await this.role(live, userId);
    if (blocked === "login") throw new AppError(ErrorCode.NOT_LOGGED_IN);
    if (blocked === "access_code") throw new AppError(ErrorCode.LIVE_ACCESS_CODE_REQUIRED);
    return { live, isMod };
  }
  async moderator(liveId, userId) {
    const live = await this.live(liveId);
    if (!await isModerator(this.db, liveId, userId)) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    return live;
  }
  /**
   * Writes the event with the room's next seq. Must be the last statement of a write transaction
   * (or a statement of its own): the room row stays locked from here to the commit.
   */
  async emit(db, liveId, event, audience = { modsOnly: false, userId: null }, slide) {
    const seq = await appendEvent(db, {
      liveId,
      type: event.type,
      payload: event,
      ...audience,
      at: this.now(),
      ...slide === void 0 ? {} : { slide }
    });
    return { liveId, event: { ...event, seq }, ...audience };
  }
  // ---- detail ----
  async detail(liveId, v) {
    const now = this.now();
    const live = await this.live(liveId);
    const [{ isMod, blocked }, speakers2, buttons, signs, remind, viewers, recording] = await Promise.all([
      this.role(live, v.userId),
      speakersOf(this.db, live),
      buttonsOf(this.db, liveId),
      signState(this.db, liveId, v.userId),
      remindState(this.db, liveId, v.userId),
      this.viewers(liveId),
      recordingOfLive(this.db, liveId)
    ]);
    const status = this.status(live, now);
    const { media, reason } = await this.liveMedia(liveId, status, blocked, v.userId);
    const digits = live.meetingNo.replace(/\D/g, "");
    return {
      id: live.id,
      title: pick(v.lang, live.titleZh, live.titleEn),
      sub_title: pick(v.lang, live.subTitleZh, live.subTitleEn),
      banner: live.banner,
      start_at: live.startAt.toISOString(),
      end_at: live.endAt.toISOString(),
      scheduled_start_at: (live.scheduledStartAt ?? live.startAt).toISOString(),
      scheduled_end_at: (live.scheduledEndAt ?? live.endAt).toISOString(),
      live_status: status,
      live_status_text: liveStatusText(status, v.lang),
      organizer: live.organizerId === null ? null : { id: live.organizerId, name: pick(v.lang, live.orgNameZh ?? "", live.orgNameEn), logo: live.orgLogo ?? "" },
      speakers: speakers2.map((s) => presentSpeaker2(s, v.lang)),
      meeting_no: digits,
      meeting_no_display: groupDigits(digits),
      requires: { login: live.requireLogin || Boolean(live.accessCodeHash), sign_in: live.requireSignIn, access_code: Boolean(live.accessCodeHash) },
      moderated: live.moderated,
      blocked,
      is_moderator: isMod,
      signed_in: signs.at !== null,
      signed_at: signs.at?.toISOString() ?? null,
      sign_count: signs.count,
      is_remind: remind.mine,
      remind_count: remind.count,
      viewer_count: viewers,
      seq: live.seq,
      recording_id: recording?.ready && live.hasReplay ? recording.id : null,
      buttons: buttons.map((b) => presentButton(b, v.lang)),
      media,
      media_unavailable: reason
    };
  }
  async liveMedia(liveId, status, blocked, userId) {
    if (blocked) return { media: null, reason: blocked };
    if (status === LiveStatus.UPCOMING) return { media: null, reason: "not_started" };
    if (status === LiveStatus.ENDED) return { media: null, reason: "replay_pending" };
    const media = await this.media.live(liveId, userId);
    if (media === "login") return { media: null, reason: "login" };
    return media ? { media, reason: null } : { media: null, reason: "no_source" };
  }
  async buttons(liveId, lang) {
    await this.live(liveId);
    return { items: (await buttonsOf(this.db, liveId)).map((b) => presentButton(b, lang)) };
  }
  // ---- check-in and access ----
  async sign(liveId, userId) {
    const now = this.now();
    const { live } = await this.enter(liveId, userId);
    const existing = await signState(this.db, liveId, userId);
    if (!existing.at && (now.getTime() < live.startAt.getTime() - SIGN_OPENS_BEFORE_S * 1e3 || now >= live.endAt)) {
      throw new AppError(ErrorCode.LIVE_SIGN_CLOSED);
    }
    const signedAt = await this.db.transaction((tx) => sign(tx, liveId, userId, now));
    const { count: count6 } = await signState(this.db, liveId, void 0);
    return { signed_in: true, signed_at: signedAt.toISOString(), sign_count: count6 };
  }
  async signList(liveId, userId, q) {
    await this.moderator(liveId, userId);
    const { rows, total } = await pageSigns(this.db, liveId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => ({ user: presentUser(r), signed_at: r.signedAt.toISOString() })),
      q,
      total
    );
  }
  async accessCode(liveId, userId, code) {
    const now = this.now();
    const live = await this.live(liveId);
    if (!live.accessCodeHash) return { granted: true };
    const access = await accessOf(this.db, liveId, userId);
    if (access?.grantedAt) return { granted: true };
    if (access?.lockedUntil && access.lockedUntil > now) throw new AppError(ErrorCode.LIVE_ACCESS_CODE_LOCKED);
    if (access?.lockedUntil && access.lockedUntil <= now) await resetAccessFailures(this.db, liveId, userId);
    if (!safeEqual(accessCodeHash(liveId, code), live.accessCodeHash)) {
      const failures = await recordAccessFailure(this.db, liveId, userId, ACCESS_CODE_MAX_FAILURES, new Date(now.getTime() + ACCESS_CODE_LOCK_S * 1e3));
      throw new AppError(failures >= ACCESS_CODE_MAX_FAILURES ? ErrorCode.LIVE_ACCESS_CODE_LOCKED : ErrorCode.LIVE_ACCESS_CODE_WRONG);
    }
    await grantAccess(this.db, liveId, userId, now);
    return { granted: true };
  }
  // ---- questions ----
  async ask(liveId, userId, content) {
    const now = this.now();
    const [{ live, isMod }, author2] = await Promise.all([this.enter(liveId, userId), author(this.db, userId)]);
    if (!author2) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const status = this.status(live, now);
    if (status === LiveStatus.ENDED || status === LiveStatus.REPLAY) throw new AppError(ErrorCode.LIVE_QA_CLOSED);
    const { row, event } = await this.db.transaction(async (tx) => {
      if (!isMod) {
        await lockAsker(tx, liveId, userId);
        const recent = await recentTopicCount(tx, liveId, userId, new Date(now.getTime() - TOPIC_RATE_LIMIT.windowS * 1e3));
        if (recent.n >= TOPIC_RATE_LIMIT.count) {
          const retry = recent.oldest ? Math.max(1, Math.ceil((recent.oldest.getTime() + TOPIC_RATE_LIMIT.windowS * 1e3 - now.getTime()) / 1e3)) : TOPIC_RATE_LIMIT.windowS;
          throw new AppError(ErrorCode.LIVE_TOPIC_TOO_FAST, { data: { retry_after_s: retry } });
        }
      }
      const topicStatus = live.moderated && !isMod ? "pending" : "approved";
      const inserted = await insertTopic(tx, { liveId, userId, content, status: topicStatus, at: now }, author2);
      const audience = { modsOnly: topicStatus === "pending", userId: topicStatus === "pending" ? userId : null };
      return { row: inserted, event: await this.emit(tx, liveId, { type: "question", topic: presentTopicPublic(inserted) }, audience) };
    });
    this.publish([event]);
    return presentTopic(row, false);
  }
  async topics(liveId, v, q) {
    const { live, isMod } = await this.enter(liveId, v.userId);
    if (q.status !== "visible" && !isMod) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    const { rows, total } = await pageTopics(this.db, liveId, { filter: q.status, viewerId: v.userId, sort: q.sort }, q.page_size, (q.page - 1) * q.page_size);
    const liked = v.userId === void 0 ? /* @__PURE__ */ new Set() : await likedTopicIds(this.db, v.userId, rows.map((r) => r.id));
    return { ...pageOf(rows.map((r) => presentTopic(r, liked.has(r.id))), q, total), seq: live.seq };
  }
  /** A question the viewer may see and act on, with its live. */
  async visibleTopic(topicId, userId) {
    const row = await findTopic(this.db, topicId);
    if (!row) throw notFound();
    const { isMod } = await this.enter(row.liveId, userId);
    const visible = row.status === "approved" || isMod || row.status === "pending" && row.userId === userId;
    if (!visible) throw notFound();
    return { row, isMod };
  }
  async like(topicId, userId, on) {
    const { row } = await this.visibleTopic(topicId, userId);
    if (row.status !== "approved" && on) throw notFound();
    const now = this.now();
    const { likeCount, events } = await this.db.transaction(async (tx) => {
      await lockTopic(tx, topicId);
      const r = await setLike(tx, topicId, userId, on, now);
      if (!r.changed) return { likeCount: r.likeCount, events: [] };
      return { likeCount: r.likeCount, events: [await this.emit(tx, row.liveId, { type: "upvote", topic_id: topicId, like_count: r.likeCount })] };
    });
    this.publish(events);
    return { id: topicId, like_count: likeCount, is_like: on };
  }
  async moderate(topicId, userId, action2) {
    const topic = await findTopic(this.db, topicId);
    if (!topic) throw notFound();
    await this.moderator(topic.liveId, userId);
    const set = action2 === "approve" ? { status: "approved" } : action2 === "hide" ? { status: "hidden", pinned: false } : { pinned: action2 === "pin", ...action2 === "pin" ? { status: "approved" } : {} };
    return this.changeTopic(topic.liveId, topicId, userId, set, "question");
  }
  async answer(topicId, userId, answer) {
    const topic = await findTopic(this.db, topicId);
    if (!topic) throw notFound();
    await this.moderator(topic.liveId, userId);
    return this.changeTopic(topic.liveId, topicId, userId, { answer, answeredAt: this.now(), answeredBy: userId, status: "approved" }, "answer");
  }
  /** Applies a moderator's change and logs the question's new state (hidden: moderators only). */
  async changeTopic(liveId, topicId, userId, set, type) {
    const event = await this.db.transaction(async (tx) => {
      await lockTopic(tx, topicId);
      await updateTopic(tx, topicId, set);
      const row2 = await findTopic(tx, topicId);
      if (!row2) throw notFound();
      const modsOnly = row2.status !== "approved";
      return this.emit(tx, liveId, { type, topic: presentTopicPublic(row2) }, { modsOnly, userId: modsOnly ? row2.userId : null });
    });
    this.publish([event]);
    const row = await findTopic(this.db, topicId);
    if (!row) throw notFound();
    const liked = await likedTopicIds(this.db, userId, [topicId]);
    return presentTopic(row, liked.has(topicId));
  }
  // ---- slides ----
  async ppt(liveId, v) {
    const { live } = await this.enter(liveId, v.userId);
    const slides = await slidesOf(this.db, liveId);
    return {
      slides: slides.map((s) => ({ index: s.idx, image: s.image, title: pick(v.lang, s.titleZh, s.titleEn) })),
      current: live.currentSlide,
      seq: live.seq
    };
  }
  async setSlide(liveId, userId, index18, lang) {
    await this.moderator(liveId, userId);
    const slides = await slidesOf(this.db, liveId);
    if (index18 >= slides.length) throw fieldError(lang, "index", { zh: `\u5E94\u5728 0\u2013${Math.max(0, slides.length - 1)} \u4E4B\u95F4`, en: `must be between 0 and ${Math.max(0, slides.length - 1)}` });
    const event = await this.emit(this.db, liveId, { type: "slide", index: index18 }, void 0, index18);
    this.publish([event]);
    return { current: index18 };
  }
  // ---- polls ----
  async pollsWithMine(pollRows, userId) {
    const ids = pollRows.map((p) => p.id);
    const [options2, voters, mine] = await Promise.all([
      pollOptions(this.db, ids),
      pollVoterCounts(this.db, ids),
      userId === void 0 ? /* @__PURE__ */ new Map() : myVotes(this.db, userId, ids)
    ]);
    return pollRows.map((p) => ({
      ...presentPoll(p, options2.filter((o) => o.pollId === p.id), voters.get(p.id) ?? 0),
      my_votes: mine.get(p.id) ?? []
    }));
  }
  async pollNow(pollId, userId) {
    const p = await findPoll(this.db, pollId);
    if (!p) throw notFound();
    const [out] = await this.pollsWithMine([p], userId);
    if (!out) throw notFound();
    return out;
  }
  async polls(liveId, v) {
    const { live } = await this.enter(liveId, v.userId);
    return { items: await this.pollsWithMine(await pollsOf(this.db, liveId), v.userId), seq: live.seq };
  }
  async createPoll(liveId, userId, b, lang) {
    await this.moderator(liveId, userId);
    if (new Set(b.options).size !== b.options.length) throw fieldError(lang, "options", { zh: "\u9009\u9879\u4E0D\u80FD\u91CD\u590D", en: "must all differ" });
    const now = this.now();
    const { pollId, event } = await this.db.transaction(async (tx) => {
      if (await hasOpenPoll(tx, liveId)) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_OPEN);
      const id = await insertPoll(tx, { liveId, question: b.question, multiple: b.multiple, options: b.options, userId, at: now });
      if (id === 0) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_OPEN);
      return { pollId: id, event: await this.emit(tx, liveId, { type: "poll", poll: await this.pollInTx(tx, id) }) };
    });
    this.publish([event]);
    return this.pollNow(pollId, userId);
  }
  async pollInTx(tx, pollId) {
    const p = await findPoll(tx, pollId);
    if (!p) throw notFound();
    const [options2, voters] = await Promise.all([pollOptions(tx, [pollId]), pollVoterCounts(tx, [pollId])]);
    return presentPoll(p, options2, voters.get(pollId) ?? 0);
  }
  async closePoll(pollId, userId) {
    const p = await findPoll(this.db, pollId);
    if (!p) throw notFound();
    await this.moderator(p.liveId, userId);
    if (p.open) {
      const now = this.now();
      const event = await this.db.transaction(async (tx) => {
        await closePoll(tx, pollId, now);
        return this.emit(tx, p.liveId, { type: "poll", poll: await this.pollInTx(tx, pollId) });
      });
      this.publish([event]);
    }
    return this.pollNow(pollId, userId);
  }
  async vote(pollId, userId, optionIds, lang) {
    const p = await findPoll(this.db, pollId);
    if (!p) throw notFound();
    await this.enter(p.liveId, userId);
    if (!p.open) throw new AppError(ErrorCode.LIVE_POLL_CLOSED);
    const unique10 = [...new Set(optionIds)];
    if (!p.multiple && unique10.length !== 1) throw fieldError(lang, "option_ids", { zh: "\u5355\u9009\u6295\u7968\u53EA\u80FD\u9009\u4E00\u9879", en: "choose exactly one option" });
    const options2 = await pollOptions(this.db, [pollId]);
    const valid = new Set(options2.map((o) => o.id));
    if (unique10.some((id) => !valid.has(id))) throw fieldError(lang, "option_ids", { zh: "\u5305\u542B\u4E0D\u5C5E\u4E8E\u6B64\u6295\u7968\u7684\u9009\u9879", en: "contains an option of another poll" });
    const voted = await this.db.transaction(async (tx) => {
      const locked = await lockPoll(tx, pollId);
      if (!locked?.open) throw new AppError(ErrorCode.LIVE_POLL_CLOSED);
      return vote(tx, pollId, userId, unique10, this.now());
    });
    if (!voted) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_VOTED);
    this.scheduleTally(p.liveId, pollId);
    return this.pollNow(pollId, userId);
  }
  /** Votes are gathered for a moment and go out as one poll event with the tallies. */
  scheduleTally(liveId, pollId) {
    if (this.closed || this.tallyTimers.has(pollId)) return;
    const timer = setTimeout(() => {
      this.tallyTimers.delete(pollId);
      if (this.closed) return;
      this.db.transaction(async (tx) => this.emit(tx, liveId, { type: "poll", poll: await this.pollInTx(tx, pollId) })).then((e) => this.publish([e])).catch(() => void 0);
    }, this.tallyDelayMs);
    timer.unref();
    this.tallyTimers.set(pollId, timer);
  }
  // ---- status ----
  async setStatus(liveId, userId, action2, lang) {
    await this.moderator(liveId, userId);
    const now = this.now();
    const event = await this.db.transaction(async (tx) => {
      const live = await lockLive(tx, liveId);
      if (!live) throw notFound();
      const status = this.status(live, now);
      let recordingId = null;
      let next = { startAt: live.startAt, endAt: live.endAt, hasReplay: live.hasReplay };
      if (action2 === "start") {
        if (status !== LiveStatus.UPCOMING) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, startAt: now };
      } else if (action2 === "end") {
        if (status !== LiveStatus.LIVE) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, endAt: new Date(Math.max(now.getTime(), live.startAt.getTime() + 1)), hasReplay: false };
        await upsertRecording(tx, liveId, { recordedAt: live.startAt, durationS: durationS(live.startAt, next.endAt), ready: false });
      } else {
        if (status !== LiveStatus.ENDED) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, hasReplay: true };
        recordingId = await upsertRecording(tx, liveId, { recordedAt: live.startAt, durationS: durationS(live.startAt, live.endAt), ready: true });
      }
      await moveLive(tx, liveId, next, now);
      const e = await this.emit(tx, liveId, {
        type: "status",
        live_status: this.status(next, now),
        start_at: next.startAt.toISOString(),
        end_at: next.endAt.toISOString(),
        recording_id: recordingId
      });
      await noteStatusChange(tx, liveId, live, userId, now);
      return e;
    });
    this.publish([event]);
    return this.detail(liveId, { userId, lang });
  }
  // ---- recordings ----
  async recording(id, lang) {
    const r = await findRecording(this.db, id);
    if (!r) throw notFound();
    if (!r.ready) throw new AppError(ErrorCode.RECORDING_NOT_READY);
    const end = new Date(r.recordedAt.getTime() + r.durationS * 1e3);
    const offset = (at) => Math.min(r.durationS, Math.max(0, Math.round((at.getTime() - r.recordedAt.getTime()) / 1e3)));
    const [chapters, speakers2, slides, marks, topics, media] = await Promise.all([
      chaptersOf(this.db, id),
      r.liveId === null ? Promise.resolve([]) : speakersOf(this.db, { id: r.liveId, speakerId: r.speakerId }),
      r.liveId === null ? Promise.resolve([]) : slidesOf(this.db, r.liveId),
      r.liveId === null ? Promise.resolve([]) : slideMarks(this.db, r.liveId, end),
      r.liveId === null ? Promise.resolve([]) : recordedTopics(this.db, r.liveId, end),
      this.media.recording({ id: r.id, liveId: r.liveId })
    ]);
    const timeline = [];
    for (const m of marks) {
      const at = offset(m.at);
      const last = timeline.at(-1);
      if (last && last.at_s === at) last.index = m.idx;
      else timeline.push({ at_s: at, index: m.idx });
    }
    if (slides.length > 0 && timeline[0]?.at_s !== 0) timeline.unshift({ at_s: 0, index: 0 });
    return {
      id: r.id,
      live_id: r.liveId,
      title: pick(lang, r.titleZh, r.titleEn),
      sub_title: pick(lang, r.subTitleZh, r.subTitleEn),
      banner: r.banner,
      recorded_at: r.recordedAt.toISOString(),
      duration_s: r.durationS,
      speakers: speakers2.map((s) => presentSpeaker2(s, lang)),
      organizer: r.organizerId === null ? null : { id: r.organizerId, name: pick(lang, r.orgNameZh ?? "", r.orgNameEn), logo: r.orgLogo ?? "" },
      chapters: chapters.map((c) => ({ at_s: c.atS, title: pick(lang, c.titleZh, c.titleEn) })),
      slides: slides.map((s) => ({ index: s.idx, image: s.image, title: pick(lang, s.titleZh, s.titleEn) })),
      slide_timeline: timeline,
      qa_timeline: topics.map((t) => ({
        id: t.id,
        content: t.content,
        user: presentUser(t),
        like_count: t.likeCount,
        asked_at_s: offset(t.createdAt),
        answer: t.answeredAt && t.answeredAt <= end ? t.answer : null,
        answered_at_s: t.answeredAt && t.answeredAt <= end ? offset(t.answeredAt) : null
      })),
      media,
      media_unavailable: media ? null : "no_source"
    };
  }
  // ---- socket support ----
  /** Who a socket belongs to and whether it may join (the same rules as the room's REST reads). */
  async socketAccess(liveId, userId) {
    const live = await findLive(this.db, liveId);
    if (!live) return { ok: false, reason: "not_found" };
    const { isMod, blocked } = await this.role(live, userId);
    return blocked ? { ok: false, reason: "blocked" } : { ok: true, isMod };
  }
};
var durationS = (from, to) => Math.max(1, Math.round((to.getTime() - from.getTime()) / 1e3));

// src/modules/live-room/slide-svg.ts
var DEMO_SLIDES = [
  { zh: "\u5F00\u573A", en: "Opening", points: [["\u4E3B\u6301\u4EBA\u4ECB\u7ECD", "Introducing the panel"], ["\u8BAE\u7A0B\u4E0E\u63D0\u95EE\u65B9\u5F0F", "Agenda and how to ask questions"]] },
  { zh: "\u80CC\u666F\u4E0E\u6D41\u884C\u75C5\u5B66", en: "Background and epidemiology", points: [["\u53D1\u75C5\u7387\u4E0E\u8D1F\u62C5", "Incidence and burden"], ["\u8BCA\u7597\u73B0\u72B6", "Current practice"]] },
  { zh: "\u6700\u65B0\u8BC1\u636E", en: "Latest evidence", points: [["\u5173\u952E\u968F\u673A\u5BF9\u7167\u8BD5\u9A8C", "Key randomised trials"], ["\u771F\u5B9E\u4E16\u754C\u6570\u636E", "Real-world data"]] },
  { zh: "\u6307\u5357\u63A8\u8350", en: "Guideline recommendations", points: [["\u4E00\u7EBF\u65B9\u6848", "First-line options"], ["\u7279\u6B8A\u4EBA\u7FA4", "Special populations"]] },
  { zh: "\u75C5\u4F8B\u5206\u4EAB", en: "Case presentation", points: [["\u75C5\u53F2\u4E0E\u68C0\u67E5", "History and work-up"], ["\u6CBB\u7597\u7ECF\u8FC7", "Course of treatment"]] },
  { zh: "\u4E0D\u826F\u53CD\u5E94\u7BA1\u7406", en: "Managing adverse events", points: [["\u5206\u7EA7\u4E0E\u5904\u7406", "Grading and treatment"], ["\u968F\u8BBF\u8981\u70B9", "Follow-up"]] },
  { zh: "\u8981\u70B9\u603B\u7ED3", en: "Key points", points: [["\u4E09\u6761\u4E34\u5E8A\u5EFA\u8BAE", "Three practical recommendations"], ["\u672A\u6765\u65B9\u5411", "What comes next"]] },
  { zh: "\u95EE\u7B54\u4E0E\u8BA8\u8BBA", en: "Questions and discussion", points: [["\u6B22\u8FCE\u63D0\u95EE", "Your questions"], ["\u611F\u8C22\u8046\u542C", "Thank you"]] }
];
var PALETTES2 = [
  ["#0f766e", "#ccfbf1"],
  ["#1d4ed8", "#dbeafe"],
  ["#4338ca", "#e0e7ff"],
  ["#be123c", "#ffe4e6"],
  ["#334155", "#f1f5f9"]
];
var FONT2 = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',system-ui,sans-serif";
var slideUrl = (deck, index18) => `/media/slide/${deck}/${index18}.svg`;
function slideSvg(deck, index18) {
  const n = DEMO_SLIDES.length;
  const slide = DEMO_SLIDES[index18 % n] ?? DEMO_SLIDES[0];
  if (!slide) return "";
  const [dark, light] = PALETTES2[hashString(deck) % PALETTES2.length] ?? PALETTES2[0];
  const points = slide.points.map(
    ([zh, en], i) => `<circle cx="150" cy="${392 + i * 110}" r="10" fill="${dark}"/><text x="180" y="${402 + i * 110}" font-size="38" fill="#0f172a">${zh}</text><text x="180" y="${442 + i * 110}" font-size="26" fill="#475569">${en}</text>`
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720" font-family="${FONT2}"><rect width="1280" height="720" fill="#ffffff"/><rect width="1280" height="12" fill="${dark}"/><rect x="0" y="640" width="1280" height="80" fill="${light}"/><text x="120" y="190" font-size="64" font-weight="700" fill="${dark}">${slide.zh}</text><text x="120" y="250" font-size="34" fill="#334155">${slide.en}</text><rect x="120" y="290" width="160" height="6" fill="${dark}"/>${points}<text x="1160" y="692" font-size="36" font-weight="700" text-anchor="end" fill="${dark}">${index18 + 1} / ${n}</text><text x="120" y="692" font-size="24" fill="#475569">MedPortal \xB7 ${deck}</text></svg>`;
}

// src/modules/live-room/live-room.routes.ts
var optionalAuth = { config: { auth: "optional" } };
var SINCE = /^\d{1,15}$/;
var SLIDE = /^(\d{1,3})\.svg$/;
var liveRoomRoutes = async (instance, opts) => {
  const app = instance.withTypeProvider();
  const hub = new LiveHub(app.db, app.realtime, app.log, opts.hub);
  const svc = new LiveRoomService(app.db, opts.now, (events) => hub.publish(events), (id) => hub.viewers(id), opts.media ?? noMedia, opts.tallyDelayMs);
  app.decorate("liveHub", hub);
  app.addHook("onClose", async () => {
    svc.close();
    await hub.close();
  });
  const viewer = (req) => ({ userId: req.ctx.user?.id, lang: req.ctx.lang });
  app.route({ ...endpointRoute("liveDetail"), ...optionalAuth, handler: async (req) => ok(await svc.detail(req.params.id, viewer(req))) });
  app.route({ ...endpointRoute("liveButtons"), handler: async (req) => ok(await svc.buttons(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("liveSign"), handler: async (req) => ok(await svc.sign(req.params.id, currentUser(req).id)) });
  app.route({ ...endpointRoute("liveSignList"), handler: async (req) => ok(await svc.signList(req.params.id, currentUser(req).id, req.query)) });
  app.route({ ...endpointRoute("liveAccessCode"), handler: async (req) => ok(await svc.accessCode(req.params.id, currentUser(req).id, req.body.code)) });
  app.route({ ...endpointRoute("liveTopicStore"), handler: async (req) => ok(await svc.ask(req.params.id, currentUser(req).id, req.body.content)) });
  app.route({ ...endpointRoute("liveTopicList"), ...optionalAuth, handler: async (req) => ok(await svc.topics(req.params.id, viewer(req), req.query)) });
  app.route({
    ...endpointRoute("liveTopicLike"),
    handler: async (req) => ok(await svc.like(req.params.topic_id, currentUser(req).id, req.body.status === 1))
  });
  app.route({
    ...endpointRoute("liveTopicModerate"),
    handler: async (req) => ok(await svc.moderate(req.params.topic_id, currentUser(req).id, req.body.action))
  });
  app.route({
    ...endpointRoute("liveTopicAnswer"),
    handler: async (req) => ok(await svc.answer(req.params.topic_id, currentUser(req).id, req.body.answer))
  });
  app.route({ ...endpointRoute("livePpt"), ...optionalAuth, handler: async (req) => ok(await svc.ppt(req.params.id, viewer(req))) });
  app.route({
    ...endpointRoute("liveSlideSet"),
    handler: async (req) => ok(await svc.setSlide(req.params.id, currentUser(req).id, req.body.index, req.ctx.lang))
  });
  app.route({ ...endpointRoute("livePolls"), ...optionalAuth, handler: async (req) => ok(await svc.polls(req.params.id, viewer(req))) });
  app.route({
    ...endpointRoute("livePollCreate"),
    handler: async (req) => ok(await svc.createPoll(req.params.id, currentUser(req).id, req.body, req.ctx.lang))
  });
  app.route({ ...endpointRoute("livePollClose"), handler: async (req) => ok(await svc.closePoll(req.params.poll_id, currentUser(req).id)) });
  app.route({
    ...endpointRoute("livePollVote"),
    handler: async (req) => ok(await svc.vote(req.params.poll_id, currentUser(req).id, req.body.option_ids, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("liveStatusSet"),
    handler: async (req) => ok(await svc.setStatus(req.params.id, currentUser(req).id, req.body.action, req.ctx.lang))
  });
  app.route({ ...endpointRoute("recordingDetail"), handler: async (req) => ok(await svc.recording(req.params.id, req.ctx.lang)) });
  app.get(
    "/v1/live/:id/ws",
    { websocket: true, config: { auth: "optional" }, schema: { hide: true } },
    async (socket, req) => {
      const liveId = Number(req.params.id);
      const sinceText = req.query.since;
      const since = sinceText !== void 0 && SINCE.test(sinceText) ? Number(sinceText) : void 0;
      const client = { ws: socket, userId: req.ctx.user?.id, isMod: false, cursor: 0, alive: true };
      socket.on("pong", () => {
        client.alive = true;
      });
      socket.on("message", () => {
        client.alive = true;
      });
      if (!Number.isSafeInteger(liveId) || liveId <= 0 || liveId > 2147483647) {
        socket.close(LiveSocketClose.NOT_FOUND, "not found");
        return;
      }
      let access;
      try {
        access = await svc.socketAccess(liveId, client.userId);
      } catch (err) {
        req.log.warn({ err }, "live socket access check failed");
        socket.close(1011, "unavailable");
        return;
      }
      if (!access.ok) {
        socket.close(access.reason === "not_found" ? LiveSocketClose.NOT_FOUND : LiveSocketClose.BLOCKED, access.reason);
        return;
      }
      client.isMod = access.isMod;
      socket.on("close", () => hub.leave(liveId, client));
      hub.join(liveId, client, since);
    }
  );
  app.get("/media/slide/:deck/:file", { schema: { hide: true } }, async (req, reply) => {
    const m = SLIDE.exec(req.params.file);
    const deck = req.params.deck;
    if (!m || !/^[A-Za-z0-9_-]{1,32}$/.test(deck)) return reply.code(404).type("text/plain").send("not found");
    return reply.type("image/svg+xml; charset=utf-8").header("cache-control", "public, max-age=31536000, immutable").send(slideSvg(deck, Number(m[1])));
  });
};
var live_room_routes_default = fp3(liveRoomRoutes, { name: "live-room", dependencies: ["realtime", "auth"] });

// src/seed/live-room.ts
var DEMO_ROOMS = {
  /** On air now, questions wait for a moderator. */
  moderated: 1,
  /** Later today, access code below (needs a login: the code is remembered per account). */
  accessCode: 2,
  /** Needs a login and a check-in. */
  loginAndSignIn: 3,
  /** Ended yesterday with a replay: its recording has questions asked and answered at their times. */
  recordedQa: 11
};
var DEMO_ACCESS_CODE = "2468";
var DEMO_MODERATOR = { countryCode: "86", mobile: "13900000002", password: "Moderator-demo-1", nickname: "\u6F14\u793A\u4E3B\u6301\u4EBA Demo moderator" };
var CHAPTERS = [
  [0, "\u5F00\u573A\u4E0E\u4ECB\u7ECD", "Opening and introductions"],
  [0.15, "\u80CC\u666F\u4E0E\u6700\u65B0\u8BC1\u636E", "Background and latest evidence"],
  [0.45, "\u75C5\u4F8B\u8BA8\u8BBA", "Case discussion"],
  [0.75, "\u95EE\u7B54", "Questions and answers"]
];
function buildLiveRoomSeed(lives2, speakerCount, now, media) {
  const published2 = lives2.filter((l) => l.status === "published" && l.id !== void 0);
  const liveRooms2 = [
    { liveId: DEMO_ROOMS.moderated, moderated: true, currentSlide: 2 },
    { liveId: DEMO_ROOMS.accessCode, accessCodeHash: accessCodeHash(DEMO_ROOMS.accessCode, DEMO_ACCESS_CODE) },
    { liveId: DEMO_ROOMS.loginAndSignIn, requireLogin: true, requireSignIn: true }
  ];
  const liveSpeakers2 = [];
  const liveSlides2 = [];
  const liveButtons2 = [];
  const liveSlideMarks2 = [];
  const recordings2 = [];
  const recordingChapters2 = [];
  let buttonId = 0;
  for (const l of published2) {
    const host = l.speakerId ?? 0;
    for (const [k, role] of [[1, "speaker"], [2, "panelist"]]) {
      const other = (host - 1 + k * 5) % speakerCount + 1;
      if (other !== host) liveSpeakers2.push({ liveId: l.id, speakerId: other, role, sort: k });
    }
    DEMO_SLIDES.forEach((sl, idx) => liveSlides2.push({ liveId: l.id, idx, image: slideUrl(`l${l.id}`, idx), titleZh: sl.zh, titleEn: sl.en }));
    const buttons = [
      ["\u4F1A\u8BAE\u8BAE\u7A0B", "Agenda", action(ActionType.LIVE_INDEX, {})],
      ["\u76F8\u5173\u8BFE\u7A0B", "Related courses", action(ActionType.COURSE_INDEX, {})]
    ];
    if (l.speakerId) buttons.unshift(["\u8BB2\u8005\u4ECB\u7ECD", "About the speaker", action(ActionType.SPEAKER_DETAIL, { id: l.speakerId })]);
    buttons.forEach(([zh, en, act], sort) => liveButtons2.push({ id: buttonId += 1, liveId: l.id, titleZh: zh, titleEn: en, action: act, sort }));
    const ended = liveStatus(l.startAt, l.endAt, Boolean(l.hasReplay), now) === LiveStatus.REPLAY;
    if (!ended) continue;
    const durationS2 = media.replay(l.id);
    const recordingId = recordings2.length + 1;
    recordings2.push({
      id: recordingId,
      liveId: l.id,
      titleZh: l.titleZh,
      titleEn: l.titleEn ?? null,
      subTitleZh: l.subTitleZh ?? "",
      subTitleEn: l.subTitleEn ?? null,
      banner: l.banner,
      recordedAt: l.startAt,
      durationS: durationS2,
      speakerId: l.speakerId ?? null,
      ready: true
    });
    for (const [part, zh, en] of CHAPTERS) recordingChapters2.push({ recordingId, atS: Math.round(part * durationS2), titleZh: zh, titleEn: en });
    const step = durationS2 / (DEMO_SLIDES.length + 1);
    const order = [0, 1, 2, 3, 2, 4, 5, 6, 7];
    order.forEach((idx, i) => liveSlideMarks2.push({ liveId: l.id, idx, at: new Date(l.startAt.getTime() + Math.round(i * step) * 1e3) }));
  }
  const first = published2[0];
  if (first) {
    const recordingId = recordings2.length + 1;
    const durationS2 = media.recording(recordingId);
    recordings2.push({
      id: recordingId,
      liveId: null,
      titleZh: "\u4E34\u5E8A\u7814\u7A76\u8BBE\u8BA1\u5165\u95E8\uFF1A\u4ECE\u95EE\u9898\u5230\u65B9\u6848",
      titleEn: "Clinical Study Design: From Question to Protocol",
      subTitleZh: "\u5F55\u64AD\u8BFE",
      subTitleEn: "Recorded talk",
      banner: first.banner,
      recordedAt: new Date(now.getTime() - 30 * 864e5),
      durationS: durationS2,
      speakerId: first.speakerId ?? null,
      ready: true
    });
    for (const [part, zh, en] of CHAPTERS) recordingChapters2.push({ recordingId, atS: Math.round(part * durationS2), titleZh: zh, titleEn: en });
  }
  return { liveRooms: liveRooms2, liveSpeakers: liveSpeakers2, liveSlides: liveSlides2, liveButtons: liveButtons2, liveSlideMarks: liveSlideMarks2, recordings: recordings2, recordingChapters: recordingChapters2 };
}
var RECORDED_QA = [
  { askedS: 6, answeredS: 21, zh: "CRS \u5206\u7EA7\u65F6\uFF0C\u662F\u5426\u9700\u8981\u5E38\u89C4\u76D1\u6D4B IL-6\uFF1F", answerZh: "\u4E0D\u9700\u8981\u5E38\u89C4\u76D1\u6D4B\uFF0C\u5206\u7EA7\u4EE5\u4E34\u5E8A\u8868\u73B0\u4E3A\u4E3B\uFF1BIL-6 \u53EF\u8F85\u52A9\u5224\u65AD\u91CD\u75C7\u98CE\u9669\u3002", by: 0, likes: 3 },
  { askedS: 14, answeredS: 38, zh: "\u8001\u5E74\u60A3\u8005\u7684\u6865\u63A5\u6CBB\u7597\u5982\u4F55\u9009\u62E9\uFF1F", answerZh: "\u4F18\u5148\u4F4E\u5F3A\u5EA6\u65B9\u6848\uFF0C\u517C\u987E\u5668\u5B98\u529F\u80FD\u4E0E\u611F\u67D3\u98CE\u9669\uFF0C\u4E2A\u4F53\u5316\u51B3\u5B9A\u3002", by: 1, likes: 4 },
  { askedS: 29, answeredS: 52, zh: "ICANS \u51FA\u73B0\u65F6\u6258\u73E0\u5355\u6297\u8FD8\u6709\u4F5C\u7528\u5417\uFF1F", answerZh: "\u5355\u7EAF ICANS \u9996\u9009\u7CD6\u76AE\u8D28\u6FC0\u7D20\uFF1B\u5408\u5E76 CRS \u65F6\u53EF\u8054\u5408\u6258\u73E0\u5355\u6297\u3002", by: 2, likes: 2 },
  { askedS: 40, answeredS: 55, zh: "\u56DE\u8F93\u540E\u591A\u4E45\u53EF\u4EE5\u51FA\u9662\u968F\u8BBF\uFF1F", answerZh: "\u4E00\u822C 4 \u5468\u5185\u9700\u5728\u4E2D\u5FC3\u9644\u8FD1\uFF0C\u4E4B\u540E\u6309\u65B9\u6848\u5B9A\u671F\u968F\u8BBF\u3002", by: 3, likes: 1 },
  { askedS: 48, answeredS: null, zh: "\u6709\u6CA1\u6709\u63A8\u8350\u7684\u60A3\u8005\u6559\u80B2\u6750\u6599\uFF1F", answerZh: "", by: 0, likes: 0 }
];
var LIVE_QA = [
  { agoMin: 30, zh: "\u65B0\u7248\u6307\u5357\u5BF9\u4E00\u7EBF\u65B9\u6848\u7684\u4E3B\u8981\u8C03\u6574\u662F\u4EC0\u4E48\uFF1F", answerZh: "\u4E3B\u8981\u662F\u5C06\u53CC\u7279\u5F02\u6027\u6297\u4F53\u524D\u79FB\uFF0C\u5E76\u7EC6\u5316\u4E86\u9AD8\u5371\u4EBA\u7FA4\u7684\u5B9A\u4E49\u3002", status: "approved", by: 0 },
  { agoMin: 22, zh: "\u57FA\u5C42\u533B\u9662\u5982\u4F55\u5F00\u5C55\u5206\u5B50\u5206\u578B\uFF1F", answerZh: null, status: "approved", by: 1 },
  { agoMin: 12, zh: "\u7EF4\u6301\u6CBB\u7597\u7684\u7597\u7A0B\u6709\u63A8\u8350\u5417\uFF1F", answerZh: null, status: "approved", by: 2 },
  { agoMin: 5, zh: "\u8BF7\u95EE\u8BB2\u7A3F\u4F1A\u5728\u4F1A\u540E\u63D0\u4F9B\u5417\uFF1F", answerZh: null, status: "pending", by: 3 }
];
var AUDIENCE = ["\u738B\u533B\u751F", "\u674E\u533B\u751F", "Dr. Chen", "\u8D75\u533B\u751F"];
async function seedDemoAccounts(tx, now) {
  const e164 = `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`;
  const [existing] = await tx.select({ userId: userIdentities.userId }).from(userIdentities).where(and11(eq15(userIdentities.kind, "mobile"), eq15(userIdentities.value, e164)));
  let moderatorId = existing?.userId;
  if (moderatorId === void 0) {
    const [u] = await tx.insert(users).values({ nickname: DEMO_MODERATOR.nickname, passwordHash: await hashPassword(DEMO_MODERATOR.password), createdAt: now, updatedAt: now }).returning({ id: users.id });
    if (!u) throw new Error("moderator insert returned nothing");
    moderatorId = u.id;
    await tx.insert(userIdentities).values({ userId: moderatorId, kind: "mobile", value: e164, createdAt: now });
  }
  const liveIds = (await tx.select({ id: lives.id }).from(lives)).map((r) => r.id);
  if (liveIds.length > 0) {
    await tx.insert(liveModerators).values(liveIds.map((liveId) => ({ liveId, userId: moderatorId, createdAt: now }))).onConflictDoNothing();
  }
  const [anyTopic] = await tx.select({ id: liveTopics.id }).from(liveTopics).where(inArray3(liveTopics.liveId, [DEMO_ROOMS.recordedQa, DEMO_ROOMS.moderated])).limit(1);
  if (anyTopic) return;
  const audience = await tx.insert(users).values(AUDIENCE.map((nickname) => ({ nickname, createdAt: now, updatedAt: now }))).returning({ id: users.id });
  const [recorded] = await tx.select().from(lives).where(eq15(lives.id, DEMO_ROOMS.recordedQa));
  if (recorded) {
    for (const q of RECORDED_QA) {
      const at = (sec) => new Date(recorded.startAt.getTime() + sec * 1e3);
      const [t] = await tx.insert(liveTopics).values({
        liveId: recorded.id,
        userId: audience[q.by]?.id ?? moderatorId,
        content: q.zh,
        status: "approved",
        likeCount: q.likes,
        answer: q.answeredS === null ? null : q.answerZh,
        answeredAt: q.answeredS === null ? null : at(q.answeredS),
        answeredBy: q.answeredS === null ? null : moderatorId,
        createdAt: at(q.askedS)
      }).returning({ id: liveTopics.id });
      if (t && q.likes > 0) await tx.insert(liveTopicLikes).values(audience.slice(0, q.likes).map((a) => ({ topicId: t.id, userId: a.id, createdAt: at(q.askedS + 1) })));
    }
  }
  for (const q of LIVE_QA) {
    const at = new Date(now.getTime() - q.agoMin * 6e4);
    await tx.insert(liveTopics).values({
      liveId: DEMO_ROOMS.moderated,
      userId: audience[q.by]?.id ?? moderatorId,
      content: q.zh,
      status: q.status,
      answer: q.answerZh,
      answeredAt: q.answerZh ? new Date(at.getTime() + 4 * 6e4) : null,
      answeredBy: q.answerZh ? moderatorId : null,
      createdAt: at
    });
  }
}

// src/seed/build.ts
var APPRAISE_TAGS = [
  ["\u8BB2\u89E3\u6E05\u6670", "Clear"],
  ["\u5B9E\u7528\u6027\u5F3A", "Practical"],
  ["\u5185\u5BB9\u524D\u6CBF", "Up to date"],
  ["\u6848\u4F8B\u4E30\u5BCC", "Rich in cases"],
  ["\u8282\u594F\u9002\u4E2D", "Well paced"],
  ["\u503C\u5F97\u63A8\u8350", "Recommended"]
];
var SEED_BASE_DATE = /* @__PURE__ */ new Date("2025-06-30T02:00:00Z");
var SEED = 20250630;
var MINUTE = 6e4;
var DAY = 1440 * MINUTE;
var depId = (slug) => {
  const i = DEPARTMENTS.findIndex((d) => d.slug === slug);
  if (i < 0) throw new Error(`unknown department ${slug}`);
  return i + 1;
};
var depName = (slug) => DEPARTMENTS[depId(slug) - 1];
function uuidFrom(rng) {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = "4";
  hex[16] = (rng.int(0, 15) & 3 | 8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
function speakersOf2(slug) {
  return SPEAKERS.flatMap((sp, i) => sp.departments.includes(slug) ? [i + 1] : []);
}
function newsBody(n, lang) {
  const cat = NEWS_CATEGORIES[n.category];
  const dep = depName(n.dep);
  const points = lang === "zh" ? cat.pointsZh : cat.pointsEn;
  const paragraphs = lang === "zh" ? [
    `${n.zh}\u3002\u672C\u6587\u7531${dep.zh}\u4E13\u5BB6\u56E2\u961F\u6574\u7406\uFF0C\u6982\u8FF0\u8BE5\u9886\u57DF\u7684\u6700\u65B0\u8BC1\u636E\u4E0E\u4E34\u5E8A\u5B9E\u8DF5\u8981\u70B9\uFF0C\u4F9B\u4E34\u5E8A\u533B\u5E08\u53C2\u8003\u3002`,
    "\u4EE5\u4E0B\u5185\u5BB9\u4F9D\u636E\u516C\u5F00\u53D1\u8868\u7684\u7814\u7A76\u4E0E\u6307\u5357\u6574\u7406\uFF0C\u5177\u4F53\u8BCA\u7597\u8BF7\u7ED3\u5408\u60A3\u8005\u4E2A\u4F53\u60C5\u51B5\u5E76\u4EE5\u6700\u65B0\u7248\u6307\u5357\u548C\u836F\u54C1\u8BF4\u660E\u4E66\u4E3A\u51C6\u3002"
  ] : [
    `${n.en}. Prepared with ${dep.en.toLowerCase()} specialists, this piece summarises the latest evidence and the practical points for clinicians.`,
    "It is based on published studies and guidelines; apply it to individual patients alongside the current guideline and the product label."
  ];
  const heading = lang === "zh" ? "\u8981\u70B9" : "Key points";
  const list = `<ul>${points.map((p) => `<li>${p}</li>`).join("")}</ul>`;
  const ref = n.doi ? lang === "zh" ? `<p class="reference">\u53C2\u8003\u6587\u732E\uFF1A\u539F\u59CB\u7814\u7A76\u5168\u6587\u89C1 DOI: ${n.doi}</p>` : `<p class="reference">Reference: the original study is available at DOI: ${n.doi}</p>` : "";
  return `<p>${paragraphs[0]}</p><h3>${heading}</h3>${list}<p>${paragraphs[1]}</p>${ref}`;
}
function buildSeed(now) {
  const rng = createRng(SEED);
  const base = SEED_BASE_DATE.getTime();
  const minuteNow = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const departments2 = departmentRows(DEPARTMENTS);
  const regions2 = REGIONS.map((r, i) => ({
    id: i + 1,
    parentId: r.parent === null ? null : regionId(r.parent),
    nameZh: r.zh,
    nameEn: r.en,
    sort: i
  }));
  const hospitals2 = HOSPITALS.map((h, i) => ({
    id: i + 1,
    nameZh: h.zh,
    nameEn: h.en,
    cityZh: h.cityZh,
    cityEn: h.cityEn,
    logo: coverUrl("logo", `h${i + 1}`, h.zh.slice(0, 2)),
    regionId: regionId(h.region)
  }));
  const organizers2 = ORGANIZERS.map((o, i) => ({
    id: i + 1,
    nameZh: o.zh,
    nameEn: o.en,
    logo: coverUrl("logo", `o${i + 1}`, o.label)
  }));
  const tags5 = TAGS.map((t, i) => ({ id: i + 1, titleZh: t.zh, titleEn: t.en, cover: null }));
  const speakers2 = SPEAKERS.map((sp, i) => {
    const hospital2 = HOSPITALS[sp.hospital - 1];
    const dep = depName(sp.departments[0]);
    rng.int(260, 36e3);
    return {
      id: i + 1,
      nameZh: sp.zh,
      nameEn: sp.en,
      avatar: coverUrl("speaker", `s${i + 1}`, sp.zh.slice(0, 1)),
      titleZh: sp.titleZh,
      titleEn: sp.titleEn,
      introZh: `${hospital2.zh}${dep.zh}${sp.titleZh}\uFF0C\u957F\u671F\u4ECE\u4E8B${dep.zh}\u4E34\u5E8A\u3001\u6559\u5B66\u4E0E\u79D1\u7814\u5DE5\u4F5C\u3002`,
      introEn: `${sp.titleEn} in ${dep.en}, ${hospital2.en}; works in clinical care, teaching and research.`,
      hospitalId: sp.hospital,
      organizationId: sp.organizer,
      followerCount: 0,
      sort: i,
      status: "published"
    };
  });
  const speakerDepartments2 = SPEAKERS.flatMap((sp, i) => sp.departments.map((slug) => ({ speakerId: i + 1, departmentId: depId(slug) })));
  const mediaAssets2 = DEMO_MEDIA.map((m, i) => ({
    id: i + 1,
    key: m.key,
    path: m.path,
    durationS: m.durationS,
    segmentS: m.segmentS,
    poster: m.poster,
    subtitles: m.subtitles.map((x) => ({ ...x })),
    renditions: m.renditions.map((x) => ({ ...x }))
  }));
  const demoAsset = (n) => ({ id: n % DEMO_MEDIA.length + 1, durationS: DEMO_MEDIA[n % DEMO_MEDIA.length].durationS });
  const mediaBindings2 = [];
  const courses2 = [];
  const courseChapters2 = [];
  const courseTags2 = [];
  COURSES.forEach((c, i) => {
    const id = i + 1;
    const series = c.series === true;
    const chapterCount = series ? rng.int(6, 12) : rng.int(2, 4);
    const free = series ? i % 4 === 0 : rng.chance(0.5);
    const price = free ? 0 : series ? rng.pick([19900, 29900, 49900]) : rng.pick([990, 1990, 2990, 4990, 9900]);
    const discounted = !free && rng.chance(0.6);
    const speakerPool = speakersOf2(c.dep);
    const speakerId = rng.pick(speakerPool);
    const sp = SPEAKERS[speakerId - 1];
    const hospital2 = HOSPITALS[sp.hospital - 1];
    courses2.push({
      id,
      courseType: series ? CourseType.SERIES : CourseType.SINGLE,
      titleZh: c.zh,
      titleEn: c.en,
      summaryZh: `\u7531${hospital2.zh}${sp.zh}${sp.titleZh}\u4E3B\u8BB2\uFF0C\u7CFB\u7EDF\u8BB2\u89E3\u201C${c.zh}\u201D\u7684\u6838\u5FC3\u77E5\u8BC6\u4E0E\u4E34\u5E8A\u5B9E\u8DF5\u8981\u70B9\u3002`,
      summaryEn: `Taught by ${sp.en} (${sp.titleEn}, ${hospital2.en}): the core knowledge and practice of \u201C${c.en}\u201D.`,
      cover: coverUrl("course", `c${id}`, c.label),
      priceType: free ? PriceType.FREE : PriceType.PAID,
      price,
      originalPrice: discounted ? price + rng.pick([1e3, 2e3, 5e3, 1e4]) : 0,
      learnCount: rng.chance(0.35) ? rng.int(1e4, 128e3) : rng.int(120, 9800),
      courseUpdatedCount: series ? chapterCount - rng.int(0, 3) : chapterCount,
      departmentId: depId(c.dep),
      speakerId,
      isFeatured: !free && (series || i % 3 === 0),
      status: "published",
      publishedAt: new Date(base - i * 2 * DAY - rng.int(0, 600) * MINUTE)
    });
    for (let k = 0; k < chapterCount; k++) {
      const chapterId = courseChapters2.length + 1;
      rng.int(8, 45);
      const [zh, en] = CHAPTER_PHASES[Math.round(k * (CHAPTER_PHASES.length - 1) / Math.max(chapterCount - 1, 1))];
      courseChapters2.push({
        id: chapterId,
        courseId: id,
        sort: k + 1,
        titleZh: `\u7B2C${k + 1}\u8BB2 ${zh}`,
        titleEn: `Lesson ${k + 1}: ${en}`,
        durationS: demoAsset(id + k).durationS,
        isFree: k === 0 || free
      });
      mediaBindings2.push({ targetType: "chapter", targetId: chapterId, assetId: demoAsset(id + k).id });
    }
    const tagIdOf = (title) => TAGS.findIndex((t) => t.zh === title) + 1;
    const chosen = [
      .../指南|共识/.test(c.zh) ? ["\u6307\u5357\u89E3\u8BFB"] : [],
      ...rng.sample(DEPARTMENT_TAGS[c.dep] ?? [], 1),
      ...rng.sample(GENERAL_TAGS, rng.int(0, 1))
    ];
    chosen.forEach((title, k) => courseTags2.push({ courseId: id, tagId: tagIdOf(title), sort: k }));
  });
  for (const c of courses2) {
    if (c.courseType !== CourseType.SINGLE) continue;
    const series = courses2.find((x) => x.courseType === CourseType.SERIES && x.departmentId === c.departmentId && (x.id ?? 0) < (c.id ?? 0));
    if (series) c.seriesId = series.id ?? null;
  }
  const appraiseTags2 = APPRAISE_TAGS.map(([zh, en], i) => ({ id: i + 1, titleZh: zh, titleEn: en, sort: i }));
  courses2.push({
    id: COURSES.length + 1,
    courseType: CourseType.SINGLE,
    titleZh: "\uFF08\u8349\u7A3F\uFF09\u6DCB\u5DF4\u7624\u653E\u7597\u9776\u533A\u52FE\u753B",
    titleEn: "(Draft) Lymphoma radiotherapy target delineation",
    cover: coverUrl("course", "draft"),
    priceType: PriceType.FREE,
    learnCount: 999999,
    departmentId: depId("hematology"),
    status: "draft",
    publishedAt: new Date(base + DAY)
  });
  const liveRow = (l, id, rng2) => {
    const startAt = new Date(minuteNow + l.startMin * MINUTE);
    return {
      id,
      titleZh: l.zh,
      titleEn: l.en,
      subTitleZh: l.subZh,
      subTitleEn: l.subEn,
      banner: coverUrl("live", `l${id}`, l.organizer ? ORGANIZERS[l.organizer - 1]?.label : void 0),
      previewGif: l.preview ? coverUrl("live-preview", `l${id}`) : null,
      startAt,
      endAt: new Date(startAt.getTime() + l.durationMin * MINUTE),
      hasReplay: l.replay,
      meetingNo: String(rng2.int(1e3, 9999)) + String(rng2.int(1e3, 9999)) + String(rng2.int(1e3, 9999)),
      organizerId: l.organizer,
      departmentId: depId(l.dep),
      speakerId: l.speaker,
      status: "published"
    };
  };
  const lives2 = LIVES.map((l, i) => liveRow(l, i + 1, rng));
  lives2.push({
    id: LIVES.length + 1,
    titleZh: "\uFF08\u8349\u7A3F\uFF09\u5185\u90E8\u5F69\u6392\u76F4\u64AD",
    titleEn: "(Draft) Internal rehearsal",
    banner: coverUrl("live", "draft"),
    startAt: new Date(minuteNow - 10 * MINUTE),
    endAt: new Date(minuteNow + 50 * MINUTE),
    meetingNo: "000000000000",
    status: "draft"
  });
  const pastRng = createRng(4606);
  lives2.push(...PAST_LIVES.map((l, i) => liveRow(l, LIVES.length + 2 + i, pastRng)));
  for (const l of lives2) {
    if (l.status !== "published" || l.id === void 0) continue;
    mediaBindings2.push({ targetType: "live", targetId: l.id, assetId: demoAsset(l.id + 1).id });
    if (l.hasReplay) mediaBindings2.push({ targetType: "replay", targetId: l.id, assetId: demoAsset(l.id).id });
  }
  const newsCategories2 = NEWS_CATEGORIES.map((c, i) => ({ id: i + 1, titleZh: c.zh, titleEn: c.en, sort: i, status: "published" }));
  const news2 = NEWS.map((n, i) => ({
    id: i + 1,
    categoryId: n.category + 1,
    titleZh: n.zh,
    titleEn: n.en,
    descriptionZh: `${depName(n.dep).zh} \xB7 ${NEWS_CATEGORIES[n.category]?.zh}\uFF1A${NEWS_CATEGORIES[n.category]?.pointsZh[0]}`,
    descriptionEn: `${depName(n.dep).en} \xB7 ${NEWS_CATEGORIES[n.category]?.en}: ${NEWS_CATEGORIES[n.category]?.pointsEn[0]}`,
    bodyZh: newsBody(n, "zh"),
    bodyEn: newsBody(n, "en"),
    cover: coverUrl("news", `n${i + 1}`),
    sourceZh: "\u533B\u5B66\u95E8\u6237\u7F16\u8F91\u90E8",
    sourceEn: "MedPortal Editorial",
    authorZh: `${depName(n.dep).zh}\u7F16\u8F91\u7EC4`,
    authorEn: `${depName(n.dep).en} desk`,
    viewCount: rng.int(300, 48e3),
    status: "published",
    // Interleave categories in time so every news tab has recent items.
    publishedAt: new Date(base - (i % 7 * 6 + Math.floor(i / 7)) * 13 * 60 * MINUTE - rng.int(0, 300) * MINUTE)
  }));
  const newsTags2 = NEWS.flatMap(
    (n, i) => (DEPARTMENT_TAGS[n.dep] ?? []).slice(0, 2).map((title, k) => ({ newsId: i + 1, tagId: TAGS.findIndex((t) => t.zh === title) + 1, sort: k }))
  );
  const newsSpeakers2 = NEWS.flatMap((n, i) => {
    const pool = speakersOf2(n.dep);
    const turn = NEWS.slice(0, i).filter((x) => x.dep === n.dep).length;
    return pool.length ? [{ newsId: i + 1, speakerId: pool[turn % pool.length], sort: 0 }] : [];
  });
  news2.push({
    id: NEWS.length + 1,
    categoryId: 1,
    titleZh: "\uFF08\u8349\u7A3F\uFF09\u5F85\u5BA1\u6838\u7A3F\u4EF6",
    titleEn: "(Draft) Awaiting review",
    bodyZh: "<p>\u8349\u7A3F</p>",
    cover: coverUrl("news", "draft"),
    status: "draft",
    publishedAt: new Date(base + DAY)
  });
  const columns2 = COLUMNS.map((c, i) => ({
    id: i + 1,
    titleZh: c.zh,
    titleEn: c.en,
    descZh: c.descZh,
    descEn: c.descEn,
    cover: coverUrl("column", `col${i + 1}`),
    issueCount: c.issues,
    sort: i,
    status: "published"
  }));
  const papers2 = PAPERS.map((p, i) => ({
    id: i + 1,
    uuid: uuidFrom(rng),
    titleZh: p.zh,
    titleEn: p.title,
    abstractZh: p.absZh,
    abstractEn: p.absEn,
    fullJournal: p.journal,
    doi: p.doi,
    status: "published",
    publishedAt: new Date(base - i * 9 * DAY)
  }));
  const columnSpeakers2 = COLUMNS.flatMap(
    (c, i) => (COLUMN_HOSTS[c.zh] ?? []).map((speakerId, k) => ({ columnId: i + 1, speakerId, sort: k }))
  );
  const paperSpeakers2 = PAPERS.flatMap(
    (p, i) => (PAPER_AUTHORS[p.doi] ?? []).map((speakerId, k) => ({ paperId: i + 1, speakerId, sort: k }))
  );
  const specials2 = SPECIALS.map((sp, i) => ({
    id: i + 1,
    kind: sp.kind,
    themeId: sp.theme,
    titleZh: sp.zh,
    titleEn: sp.en,
    descZh: sp.descZh,
    descEn: sp.descEn,
    cover: coverUrl("special", `sp${i + 1}`, sp.label),
    sort: i,
    status: "published"
  }));
  const specialItems2 = SPECIALS.flatMap((_, i) => {
    const match = TOPIC_MATCH[i];
    if (!match) return [];
    const pickIds = (titles) => titles.flatMap((t, k) => match.test(t) ? [k + 1] : []).slice(0, TOPIC_ITEMS_PER_MODULE);
    const of = (module, ids) => ids.map((itemId, sort) => ({ specialId: i + 1, module, itemId, sort }));
    return [
      ...of("course", pickIds(COURSES.map((c) => c.zh))),
      ...of("live", pickIds(LIVES.map((l) => l.zh))),
      ...of("news", pickIds(NEWS.map((n) => n.zh))),
      ...of("paper", pickIds(PAPERS.map((p) => p.zh)))
    ];
  });
  const hotWords2 = HOT_WORDS.map(([zh, en], i) => ({ id: i + 1, wordZh: zh, wordEn: en, sort: i, status: "published" }));
  const banners2 = BANNERS.map((b, i) => ({
    id: i + 1,
    position: b.position,
    titleZh: b.zh,
    titleEn: b.en,
    image: coverUrl(b.position === "home" ? "banner" : "special", `b${i + 1}`),
    action: b.action,
    sort: i,
    status: "published"
  }));
  const relateSites2 = RELATE_SITES.map((r, i) => ({
    id: i + 1,
    key: r.key,
    titleZh: r.zh,
    titleEn: r.en,
    descZh: r.descZh,
    descEn: r.descEn,
    icon: coverUrl("icon", r.key, r.label),
    url: `/${r.key}`,
    introZh: r.introZh,
    introEn: r.introEn,
    features: r.features.map((f2) => ({ titleZh: f2.zh, titleEn: f2.en, textZh: f2.textZh, textEn: f2.textEn })),
    links: r.links.map((l) => ({ titleZh: l.zh, titleEn: l.en, action: l.action })),
    sort: i,
    status: "published"
  }));
  const introTexts2 = INTRO_TEXTS.map((t, i) => ({
    id: i + 1,
    titleZh: t.zh,
    titleEn: t.en,
    textZh: t.textZh,
    textEn: t.textEn,
    action: t.action,
    sort: i,
    status: "published"
  }));
  const homeBlocks2 = HOME_BLOCKS.map((b, i) => ({
    id: i + 1,
    layout: b.layout,
    titleZh: b.zh,
    titleEn: b.en,
    sort: (i + 1) * 10,
    hide: b.hide === true,
    moreAction: b.more,
    source: b.source,
    status: "published"
  }));
  const liveRoom = buildLiveRoomSeed(lives2, speakers2.length, now, {
    replay: (liveId) => demoAsset(liveId).durationS,
    recording: (recordingId) => demoAsset(recordingId).durationS
  });
  for (const r of liveRoom.recordings) {
    if (r.liveId === null && r.id !== void 0) mediaBindings2.push({ targetType: "recording", targetId: r.id, assetId: demoAsset(r.id).id });
  }
  return {
    ...liveRoom,
    departments: departments2,
    regions: regions2,
    hospitals: hospitals2,
    organizers: organizers2,
    tags: tags5,
    speakers: speakers2,
    speakerDepartments: speakerDepartments2,
    courses: courses2,
    courseChapters: courseChapters2,
    courseTags: courseTags2,
    appraiseTags: appraiseTags2,
    lives: lives2,
    mediaAssets: mediaAssets2,
    mediaBindings: mediaBindings2,
    newsCategories: newsCategories2,
    news: news2,
    newsTags: newsTags2,
    newsSpeakers: newsSpeakers2,
    columns: columns2,
    papers: papers2,
    columnSpeakers: columnSpeakers2,
    paperSpeakers: paperSpeakers2,
    specials: specials2,
    specialItems: specialItems2,
    hotWords: hotWords2,
    banners: banners2,
    relateSites: relateSites2,
    introTexts: introTexts2,
    homeBlocks: homeBlocks2
  };
}

// src/seed/index.ts
var SEED_META_KEY = "demo_content_seeded_at";
var CONTENT = [
  ["departments", departments, true],
  ["regions", regions, true],
  ["hospitals", hospitals, true],
  ["organizers", organizers, true],
  ["tags", tags, true],
  ["speakers", speakers, true],
  ["speakerDepartments", speakerDepartments, false],
  ["courses", courses, true],
  ["courseChapters", courseChapters, true],
  ["courseTags", courseTags, false],
  ["appraiseTags", appraiseTags, true],
  ["lives", lives, true],
  ["mediaAssets", mediaAssets, true],
  ["mediaBindings", mediaBindings, false],
  ["newsCategories", newsCategories, true],
  ["news", news, true],
  ["newsTags", newsTags, false],
  ["newsSpeakers", newsSpeakers, false],
  ["columns", columns, true],
  ["papers", papers, true],
  ["columnSpeakers", columnSpeakers, false],
  ["paperSpeakers", paperSpeakers, false],
  ["specials", specials, true],
  ["specialItems", specialItems, false],
  ["hotWords", hotWords, true],
  ["banners", banners, true],
  ["relateSites", relateSites, true],
  ["introTexts", introTexts, true],
  ["homeBlocks", homeBlocks, true],
  ["liveRooms", liveRooms, false],
  ["liveSpeakers", liveSpeakers, false],
  ["liveSlides", liveSlides, false],
  ["liveButtons", liveButtons, true],
  ["liveSlideMarks", liveSlideMarks, true],
  ["recordings", recordings, true],
  ["recordingChapters", recordingChapters, false]
];
var CONTENT_TABLES = CONTENT.map(([, table]) => getTableName(table));
var BATCH2 = 200;
async function insertAll(tx, rows, opts) {
  for (const [key, table, hasIdentity] of CONTENT) {
    const list = rows[key];
    for (let i = 0; i < list.length; i += BATCH2) {
      await tx.insert(table).values(list.slice(i, i + BATCH2));
    }
    if (hasIdentity) {
      const name = getTableName(table);
      await tx.execute(
        sql21.raw(`select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`)
      );
    }
  }
  await rebuildSearchIndex(tx);
  if (opts.demoAccounts) await seedDemoAccounts(tx, opts.now);
  await tx.insert(appMeta).values({ key: SEED_META_KEY, value: (/* @__PURE__ */ new Date()).toISOString() }).onConflictDoUpdate({ target: appMeta.key, set: { value: (/* @__PURE__ */ new Date()).toISOString() } });
}
async function seedIfEmpty(database, opts) {
  return database.exclusive(
    "seed",
    (db) => db.transaction(async (tx) => {
      const [meta] = await tx.select().from(appMeta).where(eq16(appMeta.key, SEED_META_KEY));
      if (meta) return false;
      const [blocks] = await tx.select({ n: count5() }).from(homeBlocks);
      const [courses2] = await tx.select({ n: count5() }).from(courses);
      if ((blocks?.n ?? 0) > 0 || (courses2?.n ?? 0) > 0) return false;
      await insertAll(tx, buildSeed(opts.now), opts);
      return true;
    })
  );
}
async function resetAndSeed(database, opts) {
  await database.exclusive(
    "seed",
    (db) => db.transaction(async (tx) => {
      await tx.execute(sql21.raw(`truncate ${CONTENT_TABLES.map((t) => `"${t}"`).join(", ")} restart identity cascade`));
      await tx.delete(appMeta).where(eq16(appMeta.key, SEED_META_KEY));
      await insertAll(tx, buildSeed(opts.now), opts);
    })
  );
}
async function contentCounts(db) {
  const out = {};
  for (const [, table] of CONTENT) {
    const [row] = await db.select({ n: count5() }).from(table);
    out[getTableName(table)] = row?.n ?? 0;
  }
  return out;
}

// src/config.ts
import { resolve as resolve2 } from "node:path";
import { z as z22 } from "zod";

// src/lib/payments/config.ts
import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync as readFileSync2 } from "node:fs";
var PaymentConfigError = class extends Error {
  name = "PaymentConfigError";
};
var WECHATPAY_VARIABLES = [
  "WECHATPAY_MCHID",
  "WECHATPAY_APPID",
  "WECHATPAY_SERIAL_NO",
  "WECHATPAY_PRIVATE_KEY",
  "WECHATPAY_PLATFORM_CERT",
  "WECHATPAY_PLATFORM_PUBLIC_KEY",
  "WECHATPAY_PLATFORM_PUBLIC_KEY_ID",
  "WECHATPAY_APIV3_KEY"
];
var ALIPAY_VARIABLES = ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY", "ALIPAY_GATEWAY"];
var Problems = class {
  lines = [];
  add(variable, message) {
    this.lines.push(`  ${variable}: ${message}`);
  }
};
function parsePaymentConfig(env, deps = {}) {
  const get = (name) => {
    const v = env[name]?.trim();
    return v ? v : void 0;
  };
  const readFile = deps.readFile ?? ((path) => readFileSync2(path, "utf8"));
  const now = deps.now ?? (() => /* @__PURE__ */ new Date());
  const problems = new Problems();
  const wechat = WECHATPAY_VARIABLES.some((n) => get(n)) ? parseWechat(get, readFile, now, problems) : null;
  const alipay = ALIPAY_VARIABLES.some((n) => get(n)) ? parseAlipay(get, readFile, problems) : null;
  if (problems.lines.length > 0) {
    throw new PaymentConfigError(`invalid payment configuration:
${problems.lines.join("\n")}`);
  }
  return { wechat, alipay };
}
function parseWechat(get, readFile, now, problems) {
  const before = problems.lines.length;
  const required = (name) => {
    const v = get(name);
    if (!v) problems.add(name, "missing (WeChat Pay is partly configured)");
    return v;
  };
  const mchid = required("WECHATPAY_MCHID");
  if (mchid && !/^\d{6,32}$/.test(mchid)) problems.add("WECHATPAY_MCHID", "must be the merchant number (digits)");
  const appid = required("WECHATPAY_APPID");
  const serialNo = required("WECHATPAY_SERIAL_NO");
  if (serialNo && !/^[0-9A-Fa-f]{8,64}$/.test(serialNo)) {
    problems.add("WECHATPAY_SERIAL_NO", "must be the merchant API certificate serial number (hexadecimal)");
  }
  let privateKey;
  const keyText = material("WECHATPAY_PRIVATE_KEY", required("WECHATPAY_PRIVATE_KEY"), readFile, problems);
  if (keyText) privateKey = loadPrivateKey("WECHATPAY_PRIVATE_KEY", keyText, problems);
  const apiV3Key = required("WECHATPAY_APIV3_KEY");
  if (apiV3Key && Buffer.byteLength(apiV3Key, "utf8") !== 32) {
    problems.add("WECHATPAY_APIV3_KEY", `must be exactly 32 bytes (got ${Buffer.byteLength(apiV3Key, "utf8")})`);
  }
  const platformKeys = /* @__PURE__ */ new Map();
  const certText = material("WECHATPAY_PLATFORM_CERT", get("WECHATPAY_PLATFORM_CERT"), readFile, problems);
  if (certText) {
    try {
      const cert = new X509Certificate(certText);
      if (new Date(cert.validTo).getTime() < now().getTime()) {
        problems.add("WECHATPAY_PLATFORM_CERT", `certificate expired on ${cert.validTo}`);
      }
      platformKeys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
    } catch {
      problems.add("WECHATPAY_PLATFORM_CERT", "not an X.509 certificate (PEM text or a path to one)");
    }
  }
  const publicKeyId = get("WECHATPAY_PLATFORM_PUBLIC_KEY_ID");
  const publicKeyText = material("WECHATPAY_PLATFORM_PUBLIC_KEY", get("WECHATPAY_PLATFORM_PUBLIC_KEY"), readFile, problems);
  if (publicKeyId && !/^PUB_KEY_ID_[0-9A-Za-z]+$/.test(publicKeyId)) {
    problems.add("WECHATPAY_PLATFORM_PUBLIC_KEY_ID", "must be the WeChat Pay public key id (PUB_KEY_ID_\u2026)");
  }
  if (publicKeyText && !publicKeyId) problems.add("WECHATPAY_PLATFORM_PUBLIC_KEY_ID", "missing: needed with WECHATPAY_PLATFORM_PUBLIC_KEY");
  if (publicKeyId && !get("WECHATPAY_PLATFORM_PUBLIC_KEY")) {
    problems.add("WECHATPAY_PLATFORM_PUBLIC_KEY", "missing: needed with WECHATPAY_PLATFORM_PUBLIC_KEY_ID");
  }
  if (publicKeyText && publicKeyId) {
    const key = loadPublicKey("WECHATPAY_PLATFORM_PUBLIC_KEY", publicKeyText, problems);
    if (key) platformKeys.set(publicKeyId.toUpperCase(), key);
  }
  if (!get("WECHATPAY_PLATFORM_CERT") && !get("WECHATPAY_PLATFORM_PUBLIC_KEY")) {
    problems.add(
      "WECHATPAY_PLATFORM_CERT",
      "missing: set it, or WECHATPAY_PLATFORM_PUBLIC_KEY with WECHATPAY_PLATFORM_PUBLIC_KEY_ID, to check WeChat Pay signatures"
    );
  }
  if (problems.lines.length > before || !mchid || !appid || !serialNo || !privateKey || !apiV3Key) return null;
  return {
    mchid,
    appid,
    serialNo: serialNo.toUpperCase(),
    privateKey,
    platformKeys,
    platformPublicKeyId: publicKeyText ? publicKeyId : void 0,
    apiV3Key
  };
}
function parseAlipay(get, readFile, problems) {
  const before = problems.lines.length;
  const appId = get("ALIPAY_APP_ID");
  if (!appId) problems.add("ALIPAY_APP_ID", "missing (Alipay is partly configured)");
  else if (!/^\d{10,32}$/.test(appId)) problems.add("ALIPAY_APP_ID", "must be the application id (digits)");
  const privateText = material("ALIPAY_PRIVATE_KEY", get("ALIPAY_PRIVATE_KEY"), readFile, problems);
  if (!get("ALIPAY_PRIVATE_KEY")) problems.add("ALIPAY_PRIVATE_KEY", "missing (Alipay is partly configured)");
  const privateKey = privateText ? loadPrivateKey("ALIPAY_PRIVATE_KEY", privateText, problems) : void 0;
  const publicText = material("ALIPAY_PUBLIC_KEY", get("ALIPAY_PUBLIC_KEY"), readFile, problems);
  if (!get("ALIPAY_PUBLIC_KEY")) problems.add("ALIPAY_PUBLIC_KEY", "missing: Alipay's public key (not the application's)");
  const publicKey = publicText ? loadPublicKey("ALIPAY_PUBLIC_KEY", publicText, problems) : void 0;
  const gateway = get("ALIPAY_GATEWAY") ?? "https://openapi.alipay.com/gateway.do";
  let gatewayOk = false;
  try {
    const u = new URL(gateway);
    gatewayOk = u.protocol === "https:" || u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
  } catch {
    gatewayOk = false;
  }
  if (!gatewayOk) problems.add("ALIPAY_GATEWAY", "must be an https URL (e.g. https://openapi.alipay.com/gateway.do)");
  if (problems.lines.length > before || !appId || !privateKey || !publicKey) return null;
  return {
    appId,
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    alipayPublicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    gateway
  };
}
function material(name, value, readFile, problems) {
  if (!value) return void 0;
  const text18 = value.replace(/\\n/g, "\n");
  if (text18.includes("-----BEGIN")) return text18;
  if (text18.length > 100 && /^[A-Za-z0-9+/=\s]+$/.test(text18)) return text18;
  try {
    return readFile(text18).trim();
  } catch (err) {
    const code = err.code ?? "unreadable";
    problems.add(name, `neither a PEM/base64 key nor a readable file (${code}: ${text18})`);
    return void 0;
  }
}
function der(text18) {
  return Buffer.from(text18.replace(/\s+/g, ""), "base64");
}
function loadPrivateKey(name, text18, problems) {
  const attempts = text18.includes("-----BEGIN") ? [() => createPrivateKey(text18)] : [() => createPrivateKey({ key: der(text18), format: "der", type: "pkcs8" }), () => createPrivateKey({ key: der(text18), format: "der", type: "pkcs1" })];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== "rsa") {
        problems.add(name, "must be an RSA private key");
        return void 0;
      }
      return key;
    } catch {
    }
  }
  problems.add(name, "not an RSA private key (PKCS#8 or PKCS#1, PEM or base64)");
  return void 0;
}
function loadPublicKey(name, text18, problems) {
  const attempts = text18.includes("-----BEGIN") ? [() => createPublicKey(text18)] : [() => createPublicKey({ key: der(text18), format: "der", type: "spki" }), () => createPublicKey({ key: der(text18), format: "der", type: "pkcs1" })];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== "rsa") {
        problems.add(name, "must be an RSA public key");
        return void 0;
      }
      return key;
    } catch {
    }
  }
  problems.add(name, "not an RSA public key (PEM or base64)");
  return void 0;
}

// src/config.ts
var DEFAULT_PUBLIC_URL = "https://www.medportal.cn";
var optionalUrl = z22.url({ protocol: /^https?$/ }).optional();
var EnvSchema = z22.object({
  NODE_ENV: z22.enum(["development", "production", "test"]).default("development"),
  PORT: z22.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z22.string().min(1).default("0.0.0.0"),
  DATA_DIR: z22.string().min(1).default("./data"),
  DATABASE_URL: z22.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional(),
  LOG_LEVEL: z22.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z22.string().min(1).optional(),
  BODY_LIMIT: z22.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  PUBLIC_URL: z22.url({ protocol: /^https?$/ }).default(DEFAULT_PUBLIC_URL),
  APP_IOS_URL: optionalUrl,
  APP_ANDROID_URL: optionalUrl,
  WECHAT_MP_URL: optionalUrl,
  MEDIA_WEIBO_URL: optionalUrl,
  MEDIA_DOUYIN_URL: optionalUrl,
  MEDIA_CHANNELS_URL: optionalUrl,
  CONTACT_PHONE: z22.string().min(3).max(40).default("400-810-0120"),
  CONTACT_EMAIL: z22.email().default("service@medportal.cn"),
  CONTACT_ADDRESS: z22.string().min(1).max(200).optional(),
  ICP: z22.string().min(1).max(100).default("\u4EACICP\u59072024000000\u53F7-1"),
  /** Fastify trustProxy: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
  TRUST_PROXY: z22.string().max(500).optional(),
  ACCESS_TOKEN_TTL_S: z22.coerce.number().int().min(1).max(30 * 86400).default(7200),
  REFRESH_TOKEN_TTL_S: z22.coerce.number().int().min(60).max(365 * 86400).default(30 * 86400),
  REFRESH_GRACE_S: z22.coerce.number().int().min(0).max(300).default(10),
  /** Signs merge tokens, meeting SSO links and code hashes; generated and kept in the database when unset. */
  APP_SECRET: z22.string().min(32, "must be at least 32 characters").max(512).optional(),
  MEETING_BASE_URL: optionalUrl,
  WECHAT_APP_ID: z22.string().min(1).max(64).optional(),
  WECHAT_APP_SECRET: z22.string().min(1).max(128).optional(),
  WECHAT_REDIRECT_URI: optionalUrl,
  IMAGE_UPLOAD_LIMIT_KB: z22.coerce.number().int().min(1).max(100 * 1024).default(IMAGE_UPLOAD_LIMIT_KB),
  SHUTDOWN_DRAIN_S: z22.coerce.number().int().min(0).max(600).default(10),
  /** Live-room events fan out through this Redis (several API processes); unset: in memory. */
  REDIS_URL: z22.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://").optional(),
  /** Prefix of every Redis key and channel (several deployments on one Redis). */
  REDIS_PREFIX: z22.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default("medportal:"),
  /** Media (decision record 0022): sandbox serves our own demo HLS; cdn signs URLs for a CDN/streaming service. */
  MEDIA_PROVIDER: z22.enum(["sandbox", "cdn"]).default("sandbox"),
  MEDIA_SIGN_KEY: z22.string().min(16, "must be at least 16 characters").max(512).optional(),
  MEDIA_URL_TTL_S: z22.coerce.number().int().min(60).max(7 * 86400).default(4 * 3600),
  MEDIA_CDN_BASE_URL: optionalUrl,
  MEDIA_LIVE_PULL_BASE_URL: optionalUrl,
  /** Bank card numbers are sealed with this AES-256 key: 32 bytes as 64 hex digits or base64. Required in production. */
  CARD_ENCRYPTION_KEY: z22.string().max(200).optional(),
  /** Withdrawal payouts: only the sandbox provider exists yet (it pays asynchronously). */
  PAYOUT_PROVIDER: z22.enum(["sandbox"]).default("sandbox"),
  MEDIA_RTMP_PUSH_URL: z22.string().regex(/^rtmps?:\/\/[^\s]+$/, "must start with rtmp:// or rtmps://").optional(),
  /** Origin providers send notifications to (https://api.example.com); default: the origin of the paying request. */
  PAYMENT_NOTIFY_BASE_URL: optionalUrl,
  /** Key the sandbox signs its notifications with; derived from the app secret when unset. */
  PAYMENT_SANDBOX_KEY: z22.string().min(16, "must be at least 16 characters").max(512).optional(),
  /** Minutes an unpaid order stays open before it closes and releases its coupon. */
  ORDER_TTL_MIN: z22.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Seconds between sweeps of expired orders, due sandbox notifications and reconciliation; 0 = off. */
  MONEY_SWEEP_INTERVAL_S: z22.coerce.number().int().min(0).max(3600).default(5)
});
function trustProxyOption(v) {
  if (v === void 0 || v === "false" || v === "0") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v.split(",").map((s) => s.trim()).filter(Boolean);
}
function parseKey32(v) {
  const s = v.trim();
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(s)) {
    const b = Buffer.from(s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), "base64url");
    return b.length === 32 ? b : null;
  }
  return null;
}
var ConfigError = class extends Error {
  name = "ConfigError";
};
function livePayments(env) {
  try {
    return parsePaymentConfig(env);
  } catch (err) {
    if (err instanceof PaymentConfigError) throw new ConfigError(err.message);
    throw err;
  }
}
function loadConfig(env = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== void 0 && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`invalid environment:
${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.MEDIA_PROVIDER === "cdn" && (!e.MEDIA_CDN_BASE_URL || !e.MEDIA_LIVE_PULL_BASE_URL)) {
    throw new ConfigError("invalid environment:\n  MEDIA_PROVIDER: cdn needs MEDIA_CDN_BASE_URL and MEDIA_LIVE_PULL_BASE_URL");
  }
  const cardKey = e.CARD_ENCRYPTION_KEY === void 0 ? null : parseKey32(e.CARD_ENCRYPTION_KEY);
  if (e.CARD_ENCRYPTION_KEY !== void 0 && !cardKey) {
    throw new ConfigError("invalid environment:\n  CARD_ENCRYPTION_KEY: must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)");
  }
  if (e.NODE_ENV === "production" && !cardKey) {
    throw new ConfigError(
      "invalid environment:\n  CARD_ENCRYPTION_KEY: required in production (bank card numbers are encrypted with it); make one with `openssl rand -hex 32` and keep it safe"
    );
  }
  const dataDir = resolve2(process.cwd(), e.DATA_DIR);
  const base = e.PUBLIC_URL.replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    db: e.DATABASE_URL ? { driver: "postgres", url: e.DATABASE_URL } : { driver: "pglite", dataDir: resolve2(dataDir, "pglite") },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve2(process.cwd(), e.WEB_DIST) : defaultWebDist(),
    bodyLimit: e.BODY_LIMIT,
    publicUrl: base,
    trustProxy: trustProxyOption(e.TRUST_PROXY),
    auth: { accessTtlS: e.ACCESS_TOKEN_TTL_S, refreshTtlS: e.REFRESH_TOKEN_TTL_S, refreshGraceS: e.REFRESH_GRACE_S },
    appSecret: e.APP_SECRET ?? null,
    meetingBaseUrl: (e.MEETING_BASE_URL ?? `${base}/meeting`).replace(/\/+$/, ""),
    wechat: e.WECHAT_APP_ID && e.WECHAT_APP_SECRET && e.WECHAT_REDIRECT_URI ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, redirectUri: e.WECHAT_REDIRECT_URI } : null,
    uploadsDir: resolve2(dataDir, "uploads"),
    imageUploadLimitBytes: e.IMAGE_UPLOAD_LIMIT_KB * 1024,
    shutdownDrainS: e.SHUTDOWN_DRAIN_S,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    media: {
      provider: e.MEDIA_PROVIDER,
      signKey: e.MEDIA_SIGN_KEY ?? null,
      urlTtlS: e.MEDIA_URL_TTL_S,
      cdnBaseUrl: e.MEDIA_CDN_BASE_URL?.replace(/\/+$/, "") ?? null,
      livePullBaseUrl: e.MEDIA_LIVE_PULL_BASE_URL?.replace(/\/+$/, "") ?? null,
      rtmpPushUrl: (e.MEDIA_RTMP_PUSH_URL ?? `rtmp://push.${new URL(base).hostname}/live`).replace(/\/+$/, "")
    },
    rewards: { cardEncryptionKey: cardKey, payoutProvider: e.PAYOUT_PROVIDER },
    payments: {
      live: livePayments(cleaned),
      notifyBaseUrl: e.PAYMENT_NOTIFY_BASE_URL?.replace(/\/+$/, "") ?? null,
      sandboxKey: e.PAYMENT_SANDBOX_KEY ?? null,
      orderTtlS: e.ORDER_TTL_MIN * 60,
      sweepIntervalS: e.MONEY_SWEEP_INTERVAL_S
    },
    site: {
      appIosUrl: e.APP_IOS_URL ?? `${base}/download?platform=ios`,
      appAndroidUrl: e.APP_ANDROID_URL ?? `${base}/download?platform=android`,
      wechatMpUrl: e.WECHAT_MP_URL ?? `${base}/follow/wechat`,
      media: {
        weibo: e.MEDIA_WEIBO_URL ?? `${base}/follow/weibo`,
        douyin: e.MEDIA_DOUYIN_URL ?? `${base}/follow/douyin`,
        channels: e.MEDIA_CHANNELS_URL ?? `${base}/follow/channels`
      },
      contact: {
        phone: e.CONTACT_PHONE,
        email: e.CONTACT_EMAIL,
        address: {
          zh_CN: e.CONTACT_ADDRESS ?? "\u5317\u4EAC\u5E02\u671D\u9633\u533A\u5EFA\u56FD\u8DEF 88 \u53F7 \u533B\u5B66\u95E8\u6237\u5927\u53A6 12 \u5C42",
          en: e.CONTACT_ADDRESS ?? "12F MedPortal Tower, 88 Jianguo Road, Chaoyang District, Beijing"
        }
      },
      icp: e.ICP
    }
  };
}

// src/lib/data-dir-lock.ts
import { closeSync, mkdirSync as mkdirSync2, openSync, readFileSync as readFileSync3, statSync, unlinkSync, writeSync } from "node:fs";
import { join as join2, resolve as resolve3 } from "node:path";
var LOCK_FILE = "server.lock";
var DataDirLockedError = class extends Error {
  constructor(dataDir, pid) {
    super(
      `another server is using DATA_DIR ${dataDir} (pid ${pid}). Stop it first or choose another DATA_DIR; if no such process is running, delete ${join2(dataDir, LOCK_FILE)}.`
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
  dataDir;
  pid;
  name = "DataDirLockedError";
};
var heldHere = /* @__PURE__ */ new Set();
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
function processIdentity(pid) {
  try {
    const stat = readFileSync3(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = fields[19];
    const bootId = readFileSync3("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return startTicks ? `${bootId}:${startTicks}` : null;
  } catch {
    return null;
  }
}
function readHolder(path) {
  try {
    const [first, second] = readFileSync3(path, "utf8").split("\n");
    const pid = Number.parseInt((first ?? "").trim(), 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, identity: second?.trim() || null };
  } catch {
    return null;
  }
}
function holderRunning(path, holder) {
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!isAlive(holder.pid)) return false;
  if (holder.identity === null) return true;
  const now = processIdentity(holder.pid);
  return now === null || now === holder.identity;
}
function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
function acquireDataDirLock(dataDir) {
  mkdirSync2(dataDir, { recursive: true });
  const path = resolve3(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, "wx", 420);
      try {
        writeSync(fd, `${process.pid}
${processIdentity(process.pid) ?? ""}
`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        process.off("exit", release);
        if (readHolder(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
          }
        }
      };
      process.on("exit", release);
      return { path, release };
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    const holder = readHolder(path);
    if (holder !== null && holderRunning(path, holder)) throw new DataDirLockedError(dataDir, holder.pid);
    if (holder === null && Date.now() - mtimeMs(path) < 5e3) throw new DataDirLockedError(dataDir, 0);
    try {
      unlinkSync(path);
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
    }
  }
  throw new Error(`could not take the lock ${path}; another process keeps replacing it`);
}

export {
  departments,
  regions,
  hospitals,
  organizers,
  tags,
  columns,
  papers,
  specials,
  specialItems,
  hotWords,
  users,
  userIdentities,
  uploads,
  newsCategories,
  news,
  newsTags,
  newsLikes,
  newsComments,
  newsReads,
  speakers,
  speakerDepartments,
  speakerFollows,
  newsSpeakers,
  columnSpeakers,
  paperSpeakers,
  courses,
  courseChapters,
  courseTags,
  appraiseTags,
  courseAppraisals,
  courseLearners,
  chapterProgress,
  lives,
  liveReminders,
  userRemindSettings,
  ErrorCode,
  ActionType,
  CourseType,
  PriceType,
  LiveStatus,
  PRODUCT_VERSION,
  DEFAULT_TIMEZONE,
  HOME_CACHE_TTL_MS,
  EMAIL_PATTERN,
  LEARN_MAX_RATE,
  LEARN_COMPLETE_RATIO,
  POINTS_PER_YUAN,
  POINTS_MAX_ORDER_PERCENT,
  pointsDeduction,
  SIGN_IN_RULES,
  VOUCHER_LIMITS,
  BANKCARD_MAX_PER_USER,
  WITHDRAWAL_LIMITS,
  Platform,
  errorMessage,
  PcIndexData,
  DepartmentNode,
  MEMBER_MODULES,
  SEARCH_MODULES,
  SEARCH_SUGGEST_LIMIT,
  SEARCH_RESULT_CAP,
  HOT_COURSE_LIMIT,
  LIVE_DATE_DAYS_BACK,
  LIVE_DATE_DAYS_AHEAD,
  REMIND_CHANNELS,
  REMIND_MINUTES,
  DEFAULT_REMIND_MINUTES,
  signInPoints,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  RECHARGE_MIN_FEN,
  RECHARGE_MAX_FEN,
  Health,
  Readiness,
  payNotifyPath,
  banners,
  relateSites,
  introTexts,
  homeBlocks,
  authSessions,
  wechatLogins,
  userFavorites,
  userHistory,
  columnSubscriptions,
  searchDocuments,
  sitePages,
  contactMessages,
  recordings,
  mediaAssets,
  mediaBindings,
  liveStreams,
  courseEntitlements,
  watchLogs,
  scoreLogs,
  signIns,
  voucherBatches,
  vouchers,
  bankCards,
  withdrawals,
  userRoles,
  wallets,
  walletTransactions,
  couponCampaigns,
  coupons,
  orders,
  paymentNotifications,
  idempotencyKeys,
  refunds,
  auditLog,
  rechargeOptions,
  sandboxTrades,
  randomToken,
  sha256,
  hmac,
  signToken,
  verifyToken,
  loadAppSecret,
  openDatabase,
  queryRows,
  preparedRows,
  sandboxMessagesFor,
  pendingFor,
  canonicalMobile,
  parseE164,
  avatarOf,
  splitMobile,
  maskMobile,
  maskEmail,
  AppError,
  fieldError,
  mobileRecipient,
  emailRecipient,
  hashPassword,
  SESSION_COOKIE,
  accounts_plugin_default,
  endpointRoute,
  ok,
  auth_default,
  currentUser,
  auth_routes_default,
  pick,
  languageFromHeader,
  action,
  presentCourse,
  presentSpeaker,
  liveStatus,
  presentLive,
  paginate,
  pageOf,
  serverRoot,
  isCoverKind,
  coverSvg,
  coverUrl,
  live_room_routes_default,
  vectorLexemes,
  withTranslations,
  parseQuery,
  isEmptyQuery,
  isHan,
  suggestKey,
  excerpt,
  runMigrations,
  onIndexWrite,
  ensureSearchIndex,
  ensureDepartmentTree,
  seedIfEmpty,
  resetAndSeed,
  contentCounts,
  ConfigError,
  loadConfig,
  DataDirLockedError,
  acquireDataDirLock
};
//# sourceMappingURL=chunk-WNEDNSWA.mjs.map
