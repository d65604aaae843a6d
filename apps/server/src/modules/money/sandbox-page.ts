import type { sandboxTrades } from '../../db/schema/index.ts';

type Trade = typeof sandboxTrades.$inferSelect & { title: string; titleEn: string | null };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const T = {
  zh: {
    title: '沙箱支付',
    note: '这是开发环境的模拟支付页面，不会产生真实扣款。',
    amount: '支付金额',
    order: '订单号',
    item: '商品',
    pay: '确认支付',
    decline: '取消支付',
    unknown: '找不到该订单，或它不属于沙箱支付。',
    states: { pending: '等待支付', success: '支付成功，已通知商户', failed: '已取消支付，可重新确认', closed: '订单已关闭', refunded: '已退款' } as Record<string, string>,
    expired: '订单已过期',
    other: 'English',
  },
  en: {
    title: 'Sandbox payment',
    note: 'A simulated payment page for development: no real money moves.',
    amount: 'Amount',
    order: 'Order no.',
    item: 'Item',
    pay: 'Confirm payment',
    decline: 'Decline',
    unknown: 'No such order, or it is not a sandbox payment.',
    states: { pending: 'Waiting for payment', success: 'Paid; the merchant has been notified', failed: 'Declined; you may confirm again', closed: 'The order is closed', refunded: 'Refunded' } as Record<string, string>,
    expired: 'The order has expired',
    other: '中文',
  },
};

/** The page a sandbox QR code opens (phone-sized, no script): the payer confirms or declines. */
export function sandboxPayPage(o: { lang: 'zh' | 'en'; orderNo: string; trade: Trade | null; now: Date }): string {
  const t = T[o.lang];
  const other = o.lang === 'zh' ? 'en' : 'zh';
  const self = `/sandbox/pay/${encodeURIComponent(o.orderNo)}`;
  let main: string;
  if (!o.trade) {
    main = `<p class="state">${esc(t.unknown)}</p>`;
  } else {
    const tr = o.trade;
    const expired = tr.expiresAt <= o.now && (tr.state === 'pending' || tr.state === 'failed');
    const open = !expired && (tr.state === 'pending' || tr.state === 'failed');
    const item = o.lang === 'en' && tr.titleEn ? tr.titleEn : tr.title;
    main = `<p class="amount">¥${(tr.amount / 100).toFixed(2)}</p>
<dl><dt>${esc(t.item)}</dt><dd>${esc(item)}</dd><dt>${esc(t.order)}</dt><dd>${esc(tr.orderNo)}</dd></dl>
<p class="state" data-state="${esc(expired ? 'closed' : tr.state)}">${esc(expired ? t.expired : (t.states[tr.state] ?? tr.state))}</p>
${
  open
    ? `<form method="post" action="${self}"><input type="hidden" name="lang" value="${o.lang}">
<button name="result" value="success" class="pay">${esc(t.pay)}</button>
<button name="result" value="fail" class="decline">${esc(t.decline)}</button></form>`
    : ''
}`;
  }
  return `<!doctype html>
<html lang="${o.lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5f7;color:#1f2d3d}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}.note{color:#6b7785;font-size:13px;margin:0 0 20px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
.amount{font-size:36px;font-weight:600;text-align:center;margin:8px 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px;font-size:14px}dt{color:#6b7785}dd{margin:0;word-break:break-all}
.state{text-align:center;font-weight:600}
form{display:grid;gap:12px;margin-top:16px}
button{font:inherit;padding:14px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#0d7a72;color:#fff}.decline{background:#e9edf0;color:#1f2d3d}
.lang{display:block;text-align:right;font-size:14px;margin-bottom:8px;color:#0d7a72}
</style></head><body><main>
<a class="lang" href="${self}?lang=${other}">${esc(t.other)}</a>
<h1>${esc(t.title)}</h1><p class="note">${esc(t.note)}</p>
<div class="card">${main}</div>
</main></body></html>`;
}
