import type { ApiLanguage, CertVerification } from '@medportal/contract';
import { formatCredits } from './certificates.service.ts';

/**
 * The public verification page a certificate's QR code opens: plain server-rendered HTML (it must
 * work on any phone's scanner browser, without the app's JavaScript), in the reader's language.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

const T = {
  zh_CN: {
    title: '证书验证',
    valid: '证书有效',
    validNote: '本证书由 MedPortal 颁发，信息如下。',
    revoked: '证书已撤销',
    revokedNote: '本证书已被颁发方撤销，不再有效。',
    missing: '未找到该证书',
    missingNote: '请核对验证码。验证码由 12 位字母和数字组成，例如 ABCD-EFGH-JKMN。',
    holder: '持证人',
    activity: '活动',
    dates: '日期',
    credit: '学分',
    attendance: '参会证明（无学分）',
    project: '项目编号',
    issuer: '颁发机构',
    issued: '颁发日期',
    code: '验证码',
    reason: '撤销原因',
    upload: '验证电子凭证',
    uploadNote: '上传从 MedPortal 下载的 Open Badges 3.0 电子凭证（JSON 文件），在服务器上核对其签名。',
    choose: '选择凭证文件',
    home: '返回首页',
    other: 'English',
  },
  en: {
    title: 'Certificate verification',
    valid: 'Valid certificate',
    validNote: 'This certificate was issued by MedPortal with the details below.',
    revoked: 'Certificate revoked',
    revokedNote: 'The issuer has revoked this certificate; it is no longer valid.',
    missing: 'No certificate has this code',
    missingNote: 'Please check the code: 12 letters and digits, such as ABCD-EFGH-JKMN.',
    holder: 'Holder',
    activity: 'Activity',
    dates: 'Dates',
    credit: 'Credit',
    attendance: 'Attendance (no credit)',
    project: 'Project number',
    issuer: 'Issuer',
    issued: 'Issued',
    code: 'Verification code',
    reason: 'Reason',
    upload: 'Verify a digital credential',
    uploadNote: 'Upload an Open Badges 3.0 credential (JSON file) downloaded from MedPortal; the server checks its signature.',
    choose: 'Choose a credential file',
    home: 'Home',
    other: '中文',
  },
} as const;

export function verifyPageHtml(lang: ApiLanguage, code: string, v: CertVerification | null): string {
  const t = T[lang];
  const htmlLang = lang === 'en' ? 'en' : 'zh-CN';
  const otherLang = lang === 'en' ? 'zh_CN' : 'en';
  const row = (k: string, val: string) => `<div class="row"><dt>${esc(k)}</dt><dd>${val}</dd></div>`;
  let main: string;
  if (!v) {
    main = `<section class="status missing" role="status"><h1>${t.missing}</h1><p>${t.missingNote}</p><p class="code">${esc(code)}</p></section>`;
  } else {
    const revoked = v.status === 'revoked';
    const day = (s: string) => DAY.format(new Date(s));
    const dates = day(v.starts_at) === day(v.ends_at) ? day(v.starts_at) : `${day(v.starts_at)} – ${day(v.ends_at)}`;
    const credit = v.credit_hundredths === null ? t.attendance : `${formatCredits(v.credit_hundredths)} · ${esc(v.credit_label)}`;
    main =
      `<section class="status ${revoked ? 'revoked' : 'valid'}" role="status" data-status="${v.status}"><h1>${revoked ? t.revoked : t.valid}</h1><p>${revoked ? t.revokedNote : t.validNote}</p></section>` +
      `<dl>${row(t.holder, `<strong data-field="holder">${esc(v.holder_name)}</strong>`)}${row(t.activity, `<span lang="zh-CN">${esc(v.title_zh)}</span><br><span lang="en">${esc(v.title_en)}</span>`)}${row(t.dates, esc(dates))}${row(t.credit, credit)}${row(t.project, esc(v.project_number ?? '—'))}${row(t.issuer, esc(v.issuer))}${row(t.issued, esc(day(v.issued_at)))}${row(t.code, `<span class="code">${esc(v.code)}</span>`)}${revoked && v.revoke_reason ? row(t.reason, esc(v.revoke_reason)) : ''}</dl>`;
  }
  // data-location: the page is complete as sent (no app takes it over), which is what the web app marks once it has rendered.
  return `<!doctype html><html lang="${htmlLang}" data-location="/cert/verify/${esc(encodeURIComponent(code))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t.title} · MedPortal</title><style>${CSS}</style></head><body><header><a href="/" class="brand">MedPortal</a><a href="?language=${otherLang}" lang="${otherLang === 'en' ? 'en' : 'zh-CN'}">${t.other}</a></header><main>${main}<section class="upload" aria-labelledby="up-h"><h2 id="up-h">${t.upload}</h2><p>${t.uploadNote}</p><label for="vc-file">${t.choose}</label> <input id="vc-file" type="file" accept="application/json,.json"><p id="vc-result" role="status" aria-live="polite"></p></section><p><a href="/">${t.home}</a></p></main><script src="/cert/verify.js" data-lang="${lang}" defer></script></body></html>`;
}

const CSS = `body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#f5f7fa;line-height:1.5}header{display:flex;justify-content:space-between;align-items:center;padding:12px 20px;background:#fff;border-bottom:1px solid #e5e7eb}a{color:#0b5cad}.brand{font-weight:700;text-decoration:none;font-size:18px}main{max-width:720px;margin:24px auto;padding:0 16px}.status{padding:16px 20px;border-radius:8px;margin-bottom:16px}.status h1{margin:0 0 4px;font-size:24px}.status p{margin:0}.valid{background:#e7f6ec;border:1px solid #1e7b3a}.valid h1{color:#17622e}.revoked{background:#fdecec;border:1px solid #b42318}.revoked h1{color:#a01d14}.missing{background:#fff7e6;border:1px solid #a15c07}dl{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:0 0 16px;padding:8px 20px}.row{display:flex;gap:16px;padding:8px 0;border-bottom:1px solid #f0f2f5}.row:last-child{border-bottom:0}dt{flex:0 0 8em;color:#4b5563}dd{margin:0;word-break:break-word}.code{font-family:ui-monospace,monospace;letter-spacing:.05em}.upload{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 20px;margin-bottom:16px}.upload h2{font-size:18px;margin:0 0 4px}@media(max-width:480px){.row{flex-direction:column;gap:0}dt{flex:none}}`;

/** The upload form's script (a file of its own: the CSP allows only same-origin scripts). */
export const VERIFY_SCRIPT = `(() => {
  const s = document.currentScript; const en = s && s.dataset.lang === 'en';
  const input = document.getElementById('vc-file'); const out = document.getElementById('vc-result');
  const msg = { ok: en ? 'Signature valid: issued by MedPortal to ' : '签名有效：MedPortal 颁发给 ', revoked: en ? 'The signature is valid, but the certificate has been revoked.' : '签名有效，但该证书已被撤销。', bad: en ? 'Not valid: the credential was not signed by MedPortal or has been altered.' : '无效：该凭证不是 MedPortal 签发的，或已被篡改。', unknown: en ? 'Signed by MedPortal, but no such certificate exists.' : '签名有效，但找不到对应的证书。', read: en ? 'This file is not a credential (JSON).' : '该文件不是电子凭证（JSON）。' };
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0]; if (!file) return;
    out.textContent = '…';
    let credential; try { credential = JSON.parse(await file.text()); } catch { out.textContent = msg.read; return; }
    try {
      const res = await fetch('/v1/cert/verify_credential?language=' + (en ? 'en' : 'zh_CN'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credential }) });
      const body = await res.json(); const d = body && body.data;
      if (body.code !== 0 || !d) { out.textContent = (body && body.message) || msg.bad; return; }
      out.dataset.verified = String(d.verified);
      out.textContent = d.verified ? msg.ok + d.certificate.holder_name + ' — ' + (en ? d.certificate.title_en : d.certificate.title_zh) : d.error === 'revoked' ? msg.revoked : d.error === 'unknown' ? msg.unknown : msg.bad;
    } catch { out.textContent = msg.bad; }
  });
})();
`;
