import { z } from 'zod';
import { ErrorCode } from './codes.ts';
import { PAGE_MAX } from './constants.ts';

// The plain code table lives in codes.ts (no zod) so the web bundle can import it cheaply.
export { ErrorCode } from './codes.ts';

/** Languages the API speaks; the web's `zh`/`en` map onto these. */
export const ApiLanguage = z.enum(['zh_CN', 'en']);
export type ApiLanguage = z.infer<typeof ApiLanguage>;

export const Platform = z.enum(['web', 'wechat']);
export type Platform = z.infer<typeof Platform>;

export const errorMessages: Record<ErrorCode, { zh_CN: string; en: string }> = {
  [ErrorCode.OK]: { zh_CN: '成功', en: 'OK' },
  [ErrorCode.FALSE]: { zh_CN: '操作未成功', en: 'The operation did not succeed' },
  [ErrorCode.NOT_LOGGED_IN]: { zh_CN: '请登录后操作', en: 'Please log in and try again' },
  [ErrorCode.VALIDATION]: { zh_CN: '提交的内容有误', en: 'Some of the information is not valid' },
  [ErrorCode.BAD_REQUEST]: { zh_CN: '请求格式有误', en: 'The request could not be read' },
  [ErrorCode.FORBIDDEN]: { zh_CN: '没有权限执行此操作', en: 'You are not allowed to do this' },
  [ErrorCode.NOT_FOUND]: { zh_CN: '内容不存在或已下线', en: 'This item does not exist or is no longer available' },
  [ErrorCode.METHOD_NOT_ALLOWED]: { zh_CN: '不支持的请求方式', en: 'This request method is not supported' },
  [ErrorCode.CONFLICT]: { zh_CN: '操作冲突，请刷新后重试', en: 'This conflicts with a recent change; refresh and try again' },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { zh_CN: '提交的内容过大', en: 'The request is too large' },
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: { zh_CN: '不支持的内容类型', en: 'This content type is not supported' },
  [ErrorCode.RATE_LIMITED]: { zh_CN: '操作过于频繁，请稍后再试', en: 'Too many attempts; please try again later' },
  [ErrorCode.UPLOAD_QUOTA_EXCEEDED]: { zh_CN: '您上传的图片已达存储上限，无法继续上传', en: 'Your uploaded images have reached your storage limit' },
  [ErrorCode.WRONG_CREDENTIALS]: { zh_CN: '账号或密码错误', en: 'Wrong account or password' },
  [ErrorCode.CODE_INVALID]: { zh_CN: '验证码错误或已失效', en: 'The verification code is wrong or has expired' },
  [ErrorCode.CAPTCHA_REQUIRED]: { zh_CN: '请先完成人机验证', en: 'Please complete the human check first' },
  [ErrorCode.CAPTCHA_INVALID]: { zh_CN: '人机验证未通过，请重试', en: 'The human check did not pass; please try again' },
  [ErrorCode.PASSWORD_ALREADY_SET]: { zh_CN: '已设置过登录密码', en: 'A login password is already set' },
  [ErrorCode.PAY_PASSWORD_NOT_SET]: { zh_CN: '尚未设置支付密码', en: 'No payment password has been set' },
  [ErrorCode.PAY_PASSWORD_ALREADY_SET]: { zh_CN: '已设置过支付密码', en: 'A payment password is already set' },
  [ErrorCode.ACCOUNT_TAKEN]: { zh_CN: '该手机号或邮箱已被其他账号使用', en: 'This mobile number or email belongs to another account' },
  [ErrorCode.TICKET_EXPIRED]: { zh_CN: '二维码已过期，请刷新', en: 'The QR code has expired; please refresh it' },
  [ErrorCode.CONSENT_REQUIRED]: { zh_CN: '请阅读并同意《用户服务协议》和《隐私政策》', en: 'Please read and agree to the User Agreement and the Privacy Policy' },
  [ErrorCode.LIVE_ENDED]: { zh_CN: '直播已结束，无法设置提醒', en: 'This live has ended; reminders are no longer possible' },
  [ErrorCode.LIVE_ACCESS_CODE_REQUIRED]: { zh_CN: '请先输入观看码', en: 'Please enter the access code first' },
  [ErrorCode.LIVE_ACCESS_CODE_WRONG]: { zh_CN: '观看码错误', en: 'The access code is wrong' },
  [ErrorCode.LIVE_ACCESS_CODE_LOCKED]: { zh_CN: '观看码错误次数过多，请 10 分钟后再试', en: 'Too many wrong codes; try again in 10 minutes' },
  [ErrorCode.LIVE_NOT_MODERATOR]: { zh_CN: '仅主持人可以操作', en: 'Only the moderators of this live can do this' },
  [ErrorCode.LIVE_QA_CLOSED]: { zh_CN: '直播已结束，提问已关闭', en: 'This live has ended; questions are closed' },
  [ErrorCode.LIVE_TOPIC_TOO_FAST]: { zh_CN: '提问太频繁，请稍后再试', en: 'You are asking too fast; please wait a moment' },
  [ErrorCode.LIVE_POLL_CLOSED]: { zh_CN: '投票已结束', en: 'This poll is closed' },
  [ErrorCode.LIVE_POLL_ALREADY_VOTED]: { zh_CN: '您已投过票', en: 'You have already voted' },
  [ErrorCode.LIVE_POLL_ALREADY_OPEN]: { zh_CN: '请先结束正在进行的投票', en: 'Close the open poll first' },
  [ErrorCode.LIVE_STATUS_INVALID]: { zh_CN: '直播当前状态不能执行此操作', en: 'This cannot be done in the live’s current status' },
  [ErrorCode.LIVE_SIGN_REQUIRED]: { zh_CN: '请先签到后观看', en: 'Please check in first to watch' },
  [ErrorCode.LIVE_SIGN_CLOSED]: { zh_CN: '签到未开放（开播前 30 分钟至直播结束）', en: 'Check-in is open from 30 minutes before the start until the end' },
  [ErrorCode.PRESENCE_CHECK_CLOSED]: { zh_CN: '在线确认已结束，未能计入', en: 'This presence check has closed; the answer was not counted' },
  [ErrorCode.LIVE_NOT_ON_AIR]: { zh_CN: '直播未在进行中', en: 'The live is not on air' },
  [ErrorCode.LIVE_NOT_RECORDED]: { zh_CN: '本会议未录制', en: 'This meeting was not recorded' },
  [ErrorCode.RECORDING_NOT_READY]: { zh_CN: '回放正在准备中', en: 'The replay is being prepared' },
  [ErrorCode.LOGIN_TO_WATCH]: { zh_CN: '请登录后观看', en: 'Please log in to watch' },
  [ErrorCode.PURCHASE_TO_WATCH]: { zh_CN: '购买课程后即可观看', en: 'Buy the course to watch this chapter' },
  [ErrorCode.MEDIA_LINK_EXPIRED]: { zh_CN: '播放链接已过期，请刷新', en: 'The playback link has expired; please refresh' },
  [ErrorCode.MEDIA_LINK_INVALID]: { zh_CN: '播放链接无效', en: 'The playback link is not valid' },
  [ErrorCode.REDIRECT_LINK_EXPIRED]: { zh_CN: '该观看二维码已过期，请向会场工作人员索取新的二维码', en: 'This watch QR code has expired; ask the congress staff for a new one' },
  [ErrorCode.REDIRECT_LINK_INVALID]: { zh_CN: '该观看链接无效或已被改动', en: 'This watch link is not valid or has been altered' },
  [ErrorCode.MEDIA_NOT_AVAILABLE]: { zh_CN: '暂无可播放的视频', en: 'There is nothing to play yet' },
  [ErrorCode.MEETING_LIMIT]: { zh_CN: '您待开始的会议已达上限，请先取消或等待会议结束', en: 'You have as many upcoming meetings as allowed; cancel one or wait until one has ended' },
  [ErrorCode.MEETING_CLOSED]: { zh_CN: '会议已结束或已取消', en: 'This meeting has ended or was cancelled' },
  [ErrorCode.MEETING_LAUNCH_INVALID]: { zh_CN: '主持链接无效、已过期或已使用，请在“我的会议”中重新开始', en: 'This host link is not valid, has expired or was already used; start again from My meetings' },
  [ErrorCode.MEETING_START_PAST]: { zh_CN: '开始时间不能早于现在', en: 'The start time cannot be in the past' },
  [ErrorCode.INSUFFICIENT_BALANCE]: { zh_CN: '余额不足', en: 'Insufficient balance' },
  [ErrorCode.WRONG_PAY_PASSWORD]: { zh_CN: '支付密码错误', en: 'Wrong payment password' },
  [ErrorCode.INSUFFICIENT_POINTS]: { zh_CN: '积分不足', en: 'Not enough points' },
  [ErrorCode.VOUCHER_INVALID]: { zh_CN: '兑换码无效', en: 'This voucher code is not valid' },
  [ErrorCode.VOUCHER_USED]: { zh_CN: '兑换码已被使用', en: 'This voucher code has already been used' },
  [ErrorCode.VOUCHER_EXPIRED]: { zh_CN: '兑换码已过期', en: 'This voucher code has expired' },
  [ErrorCode.BANKCARD_INVALID]: { zh_CN: '银行卡号有误，请核对', en: 'This card number is not valid; please check it' },
  [ErrorCode.BANKCARD_UNSUPPORTED]: { zh_CN: '暂不支持该银行的卡', en: 'Cards of this bank are not supported yet' },
  [ErrorCode.BANKCARD_DUPLICATE]: { zh_CN: '该银行卡已添加', en: 'This card has already been added' },
  [ErrorCode.BANKCARD_LIMIT]: { zh_CN: '银行卡数量已达上限', en: 'You have added the most cards allowed' },
  [ErrorCode.WITHDRAWAL_TOO_SMALL]: { zh_CN: '提现金额低于最低限额', en: 'The amount is below the smallest withdrawal' },
  [ErrorCode.WITHDRAWAL_DAILY_LIMIT]: { zh_CN: '超出每日提现限额', en: 'This goes over the daily withdrawal limit' },
  [ErrorCode.CERT_IDCARD_REQUIRED]: { zh_CN: '请先填写证书所用的真实姓名和证件号码', en: 'Add your legal name and ID number for certificates first' },
  [ErrorCode.IDCARD_INVALID]: { zh_CN: '证件号码有误，请核对', en: 'This ID number is not valid; please check it' },
  [ErrorCode.CERT_ALREADY_REVOKED]: { zh_CN: '该证书已被撤销', en: 'This certificate has already been revoked' },
  [ErrorCode.CREDENTIAL_INVALID]: { zh_CN: '该凭证无效或已被篡改', en: 'This credential is not valid or has been altered' },
  [ErrorCode.WITHDRAWAL_STATE]: { zh_CN: '该提现申请当前状态不能执行此操作', en: 'This withdrawal can no longer be changed this way' },
  [ErrorCode.ACCOUNT_HAS_BALANCE]: { zh_CN: '钱包中还有余额，请先提现后再注销账号', en: 'Your wallet still has a balance: withdraw it before cancelling the account' },
  [ErrorCode.ACCOUNT_HAS_PENDING_WITHDRAWAL]: {
    zh_CN: '有提现正在处理中，请等待到账或退回后再试',
    en: 'A withdrawal is still being processed: wait until it is paid out or returned, then try again',
  },
  [ErrorCode.ACCOUNT_HAS_PENDING_ORDER]: { zh_CN: '有订单正在等待支付，请先支付或取消后再试', en: 'An order is waiting for payment: pay or cancel it first, then try again' },
  [ErrorCode.CREDIT_NOT_DESIGNATED]: { zh_CN: '该活动不授予继续教育学分', en: 'This activity gives no continuing-education credit' },
  [ErrorCode.CREDIT_CLAIM_WINDOW]: { zh_CN: '不在学分申领时间内', en: 'Credit cannot be claimed at this time' },
  [ErrorCode.CREDIT_REQUIREMENTS_NOT_MET]: { zh_CN: '尚未满足申领学分的条件', en: 'The requirements for claiming credit are not met yet' },
  [ErrorCode.CREDIT_TEST_NO_ATTEMPTS]: { zh_CN: '测试次数已用完', en: 'No test attempts are left' },
  [ErrorCode.CREDIT_TEST_ALREADY_PASSED]: { zh_CN: '您已通过该测试', en: 'You have already passed this test' },
  [ErrorCode.CREDIT_EVALUATION_DONE]: { zh_CN: '您已提交过评价', en: 'You have already submitted the evaluation' },
  [ErrorCode.CREDIT_NO_TEST]: { zh_CN: '该活动没有课后测试', en: 'This activity has no post-test' },
  [ErrorCode.ALREADY_PURCHASED]: { zh_CN: '您已购买该课程', en: 'You have already bought this course' },
  [ErrorCode.ORDER_NOT_PAYABLE]: { zh_CN: '订单已关闭或已支付，无法继续支付', en: 'This order is closed or already paid' },
  [ErrorCode.COUPON_UNAVAILABLE]: { zh_CN: '优惠券不可用（已使用、已过期或正被其他订单占用）', en: 'This coupon cannot be used (used, expired or held by another order)' },
  [ErrorCode.COUPON_NOT_APPLICABLE]: { zh_CN: '该优惠券不适用于此商品', en: 'This coupon does not apply to this item' },
  [ErrorCode.COUPON_SOLD_OUT]: { zh_CN: '优惠券已领完或不在领取时间内', en: 'No coupons are left to claim, or claiming is not open' },
  [ErrorCode.COUPON_ALREADY_CLAIMED]: { zh_CN: '您已领取过该优惠券', en: 'You have already claimed this coupon' },
  [ErrorCode.NOT_FOR_SALE]: { zh_CN: '该内容无需购买或已下架', en: 'This item is free or no longer on sale' },
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: { zh_CN: '请求标识已用于其他请求，请刷新后重试', en: 'This request key was already used for a different request; refresh and try again' },
  [ErrorCode.REFUND_NOT_ALLOWED]: { zh_CN: '只有已支付的订单可以退款，且只能退一次', en: 'Only a paid order can be refunded, and only once' },
  [ErrorCode.PAYMENT_PROVIDER_ERROR]: { zh_CN: '支付渠道暂时不可用，请稍后再试', en: 'The payment service is unavailable; please try again later' },
  [ErrorCode.LOCKED]: { zh_CN: '已被暂时锁定，请稍后再试', en: 'Temporarily locked; please try again later' },
  [ErrorCode.INTERNAL]: { zh_CN: '服务器开小差了，请稍后再试', en: 'Something went wrong on our side; please try again later' },
  [ErrorCode.UNAVAILABLE]: { zh_CN: '服务暂不可用，请稍后再试', en: 'The service is temporarily unavailable' },
  [ErrorCode.STAFF_LAST_ADMINISTRATOR]: { zh_CN: '至少需要保留一位管理员', en: 'At least one administrator must remain' },
  [ErrorCode.ADMIN_EDIT_CONFLICT]: { zh_CN: '内容已被他人修改，请刷新后再编辑', en: 'Someone else changed this since you opened it; reload it and edit again' },
  [ErrorCode.ACCOUNT_DISABLED]: { zh_CN: '该账号已被停用，请联系客服', en: 'This account has been disabled; please contact customer service' },
  [ErrorCode.ADMIN_MERGE_REFUSED]: { zh_CN: '这两个账号不能合并', en: 'These two accounts cannot be merged' },
  [ErrorCode.NEWS_CATEGORY_NOT_EMPTY]: { zh_CN: '该分类下还有资讯，不能删除', en: 'This category still has articles; move or delete them first' },
  [ErrorCode.CONTENT_REFERENCE_MISSING]: { zh_CN: '所选内容不存在', en: 'Something this refers to does not exist' },
  [ErrorCode.HOME_NO_DRAFT]: { zh_CN: '首页没有未发布的草稿', en: 'The home page has no unpublished draft' },
  [ErrorCode.ADMIN_BAD_STATE]: { zh_CN: '当前状态下不能执行此操作', en: 'This action does not apply in its present state' },
  [ErrorCode.COURSE_CHAPTER_HAS_LEARNERS]: { zh_CN: '该章节已有学员学习记录，请先下线课程再删除', en: 'Learners have progress in this chapter; take the course offline before deleting it' },
  [ErrorCode.COURSE_SERIES_INVALID]: { zh_CN: '系列课设置无效', en: 'This series membership is not possible' },
  [ErrorCode.COURSE_CHAPTER_ORDER_MISMATCH]: { zh_CN: '章节已变化，请刷新后重新排序', en: 'The chapters changed; reload them and reorder again' },
  [ErrorCode.COURSE_NOT_DELETABLE]: { zh_CN: '只能删除无人购买的草稿，其他课程请下线', en: 'Only a draft nobody bought can be deleted; take the others offline' },
  [ErrorCode.CREDIT_DESIGNATION_CLAIMED]: { zh_CN: '已有学员申领学分，只能修改标题和延后申领截止时间', en: 'Credit has been claimed: only the titles and a later claim deadline can change' },
  [ErrorCode.CREDIT_DESIGNATION_TESTED]: { zh_CN: '已有学员参加测试，试题、及格线和次数不能修改', en: 'Learners have taken the post-test: its questions, pass mark and attempts cannot change' },
  [ErrorCode.CATALOG_DUPLICATE]: { zh_CN: '该标识已被使用，请换一个', en: 'This key is already in use; choose another' },
  [ErrorCode.CATALOG_MISSING_REFERENCE]: { zh_CN: '引用的内容不存在，请重新选择', en: 'An item this refers to does not exist; choose it again' },
  [ErrorCode.CATALOG_IN_USE]: { zh_CN: '仍有其他内容引用此项，请先移除它们', en: 'Other items still refer to this one; remove them first' },
  [ErrorCode.CATALOG_NO_SCHEDULE]: { zh_CN: '此类内容不支持定时发布', en: 'This kind of item cannot be scheduled' },
  [ErrorCode.ADMIN_LIVE_NO_RECORDING]: { zh_CN: '没有可用作回放的录像', en: 'There is no recording to offer as the replay' },
  [ErrorCode.ADMIN_LIVE_NOT_ENDED]: { zh_CN: '直播结束后才能设置回放', en: 'The replay can be set only after the live has ended' },
  [ErrorCode.ADMIN_LIVE_UNKNOWN_REF]: { zh_CN: '所选的讲者、主办方、科室或主持人不存在', en: 'A chosen speaker, organiser, department or moderator does not exist' },
  [ErrorCode.MEDIA_NOT_VIDEO]: { zh_CN: '上传的文件不是视频', en: 'The uploaded file is not a video' },
  [ErrorCode.MEDIA_FFMPEG_MISSING]: { zh_CN: '服务器未安装 ffmpeg，无法转码视频', en: 'ffmpeg is not installed on the server; videos cannot be transcoded' },
  [ErrorCode.MEDIA_ASSET_BOUND]: { zh_CN: '该视频正在使用中，请先解除绑定', en: 'This video is in use; detach it first' },
  [ErrorCode.MEDIA_NOT_READY]: { zh_CN: '视频尚未转码完成', en: 'This video is not ready' },
  [ErrorCode.MEDIA_BAD_SUBTITLE]: { zh_CN: '字幕须为 WebVTT 文件', en: 'Subtitles must be a WebVTT file' },
  [ErrorCode.MEDIA_BAD_POSTER]: { zh_CN: '封面须为 JPEG 或 PNG 图片', en: 'The poster must be a JPEG or PNG image' },
  [ErrorCode.MEDIA_TARGET_NOT_FOUND]: { zh_CN: '要绑定的章节、直播或内容不存在', en: 'The chapter, live or item to attach to does not exist' },
  [ErrorCode.RENDER_BUSY]: { zh_CN: '正在生成的文件较多，请稍后再试', en: 'Too many files are being generated right now; please try again shortly' },
};

export function errorMessage(code: ErrorCode, lang: ApiLanguage = 'zh_CN'): string {
  return errorMessages[code][lang];
}

/** Field-level details attached to a VALIDATION error: `data.fields`. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

// One `code` and one `message` schema for every envelope: the server makes an envelope per
// endpoint (some 500) at start, and each new schema costs its construction there.
const envelopeCode = z.number().int();
const envelopeMessage = z.string();
export const Envelope = <T extends z.ZodType>(data: T) => z.object({ code: envelopeCode, message: envelopeMessage, data });
export type Envelope<T> = { code: number; message: string; data: T };

export const ErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ fields: z.array(FieldError).optional(), request_id: z.string().optional() }).nullable(),
});

/** Common parameters carried by every request (spec §7). */
export const CommonParams = z.object({
  access_token: z.string().max(512).optional(),
  platform: Platform.default('web'),
  language: ApiLanguage.default('zh_CN'),
  appversion: z.string().max(32).optional(),
  timezone: z.string().max(64).optional(),
});
export type CommonParams = z.infer<typeof CommonParams>;

export const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  });
export type Page<T> = { items: T[]; page: number; page_size: number; total: number; has_more: boolean };
