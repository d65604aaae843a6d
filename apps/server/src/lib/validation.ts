import type { ApiLanguage, FieldError } from '@medportal/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type ZodType } from 'zod';
import type { core } from 'zod';

type Issue = core.$ZodIssue;

/** A request part (query, body, params, headers) failed its contract schema. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  /** Set by Fastify: 'querystring' | 'body' | 'params' | 'headers'. */
  validationContext?: string;
  constructor(readonly issues: Issue[]) {
    super('request validation failed');
  }
}

/**
 * Characters no text input may hold: XML 1.0's `Char` production (tab, LF, CR and U+0020 up,
 * without lone surrogates and U+FFFE/U+FFFF). NUL cannot be stored in PostgreSQL text at all, the
 * drivers silently turn a lone surrogate into U+FFFD, and the other C0 controls are never typed by
 * a person; all of them are rejected as input instead of failing (or corrupting) later.
 */
const INVALID_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const INVALID_TEXT_ALL = new RegExp(INVALID_TEXT.source, 'gu');

/** True when `s` holds a character no text input may hold (see INVALID_TEXT). */
export function hasInvalidText(s: string): boolean {
  return INVALID_TEXT.test(s);
}

/** Enough to show the caller what is wrong without echoing a whole hostile body back. */
const MAX_TEXT_ISSUES = 20;

function invalidTextIssue(path: PropertyKey[]): Issue {
  return {
    code: 'custom',
    path,
    message: 'contains characters that are not allowed',
    params: {
      zh_CN: '包含不允许的字符（如 NUL 控制字符或不成对的代理字符）',
      en: 'contains characters that are not allowed (such as NUL or an unpaired surrogate)',
    },
  } as Issue;
}

/** A plain dictionary: JSON objects, and the router's and query parser's null-prototype ones. */
function isDictionary(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * Every string (and object key) in a request part, whatever schema it meets, is checked here: one
 * walk before zod covers every field of every endpoint, including fields added later. The walk
 * is bounded: JSON bodies are at most JSON_MAX_DEPTH deep, query strings and params are flat.
 */
export function invalidTextIssues(data: unknown): Issue[] {
  const issues: Issue[] = [];
  const visit = (value: unknown, path: PropertyKey[]): void => {
    if (issues.length >= MAX_TEXT_ISSUES) return;
    if (typeof value === 'string') {
      if (INVALID_TEXT.test(value)) issues.push(invalidTextIssue(path));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (!isDictionary(value)) return;
    for (const [key, item] of Object.entries(value)) {
      // A bad key is reported with the bad characters replaced, so the answer never carries them.
      if (INVALID_TEXT.test(key)) issues.push(invalidTextIssue([...path, key.replace(INVALID_TEXT_ALL, '\uFFFD')]));
      else visit(item, [...path, key]);
    }
  };
  visit(data, []);
  return issues;
}

/**
 * Zod validator for Fastify. Unlike the type provider's stock compiler it keeps the raw zod issues
 * (with the input, to tell "missing" from "wrong"), so the error handler can word them per language.
 * Text that no field may hold (NUL, lone surrogates; see INVALID_TEXT) is rejected first, for
 * every string of every part, so it never reaches a handler or the database.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const textIssues = invalidTextIssues(data);
    if (textIssues.length > 0) return { error: new RequestValidationError(textIssues) };
    const result = safeParse(schema, data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };

/** Deepest nesting of arrays/objects a JSON body may have. */
export const JSON_MAX_DEPTH = 32;

/**
 * Most members one JSON object in a body may have. The widest object any route takes has 14 (and a
 * few common parameters); a flat object of 80,000 keys took over a second to validate.
 */
export const JSON_MAX_KEYS = 100;

/**
 * What makes a JSON text unacceptable before parsing it: arrays/objects nested deeper than
 * `maxDepth`, or an object with more than `maxKeys` members. A linear scan that skips string
 * contents and stops at the first problem, so a hostile body is turned away before JSON.parse (and
 * the schema walk) would go through all of it. Null when neither (malformed JSON is the parser's).
 */
export function jsonShapeProblem(text: string, maxDepth: number, maxKeys: number): 'deep' | 'wide' | null {
  let depth = 0;
  let inString = false;
  // Per open level: its member count so far, or -1 for an array.
  const members: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'deep';
      members[depth] = c === 0x7b ? 0 : -1;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x3a) {
      // A colon outside a string ends an object member's key.
      const n = members[depth];
      if (n !== undefined && n >= 0 && (members[depth] = n + 1) > maxKeys) return 'wide';
    }
  }
  return null;
}

/** The 40000 answer for a JSON body that jsonShapeProblem() refuses. */
export function jsonShapeError(problem: 'deep' | 'wide'): RequestValidationError {
  return partValidationError(
    'body',
    problem === 'deep'
      ? { zh: `嵌套不能超过${JSON_MAX_DEPTH}层`, en: `must not be nested more than ${JSON_MAX_DEPTH} levels deep` }
      : { zh: `一个对象不能超过${JSON_MAX_KEYS}个字段`, en: `must not have more than ${JSON_MAX_KEYS} fields in one object` },
  );
}

/** A validation error for a whole request part that is unacceptable as such (too deep, ...). */
export function partValidationError(part: 'body' | 'querystring', words: Words): RequestValidationError {
  const err = new RequestValidationError([
    { code: 'custom', path: [], message: words.en, params: { zh_CN: words.zh, en: words.en } } as Issue,
  ]);
  err.validationContext = part;
  return err;
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

type Words = { zh: string; en: string };

const TYPE_NAMES: Record<string, Words> = {
  string: { zh: '文本', en: 'a string' },
  number: { zh: '数字', en: 'a number' },
  int: { zh: '整数', en: 'an integer' },
  boolean: { zh: '布尔值', en: 'true or false' },
  array: { zh: '列表', en: 'a list' },
  object: { zh: '对象', en: 'an object' },
};

function say(lang: ApiLanguage, w: Words): string {
  return lang === 'en' ? w.en : w.zh;
}

function bound(n: number | bigint): string {
  return String(n);
}

/** A short, human message for one issue in the user's language. */
export function issueMessage(issue: Issue, lang: ApiLanguage): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return say(lang, { zh: '不能为空', en: 'is required' });
      const t = TYPE_NAMES[issue.expected] ?? { zh: issue.expected, en: issue.expected };
      return say(lang, { zh: `必须是${t.zh}`, en: `must be ${t.en}` });
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string')
        return say(lang, { zh: `长度不能超过${max}个字符`, en: `must be at most ${max} characters` });
      if (issue.origin === 'array' || issue.origin === 'set')
        return say(lang, { zh: `最多${max}项`, en: `must have at most ${max} items` });
      return issue.inclusive
        ? say(lang, { zh: `必须小于等于${max}`, en: `must be ≤ ${max}` })
        : say(lang, { zh: `必须小于${max}`, en: `must be < ${max}` });
    }
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? say(lang, { zh: '不能为空', en: 'must not be empty' })
          : say(lang, { zh: `长度至少为${min}个字符`, en: `must be at least ${min} characters` });
      if (issue.origin === 'array' || issue.origin === 'set')
        return say(lang, { zh: `至少${min}项`, en: `must have at least ${min} items` });
      return issue.inclusive
        ? say(lang, { zh: `必须大于等于${min}`, en: `must be ≥ ${min}` })
        : say(lang, { zh: `必须大于${min}`, en: `must be > ${min}` });
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      return say(lang, { zh: `必须是以下之一：${values.join('、')}`, en: `must be one of: ${values.join(', ')}` });
    }
    case 'invalid_format':
      if (issue.format === 'email') return say(lang, { zh: '邮箱格式不正确', en: 'must be a valid email address' });
      return say(lang, { zh: '格式不正确', en: 'has an invalid format' });
    case 'unrecognized_keys':
      return say(lang, { zh: `包含未知字段：${issue.keys.join('、')}`, en: `has unknown fields: ${issue.keys.join(', ')}` });
    case 'not_multiple_of':
      return say(lang, { zh: `必须是${bound(issue.divisor)}的倍数`, en: `must be a multiple of ${bound(issue.divisor)}` });
    case 'custom': {
      // Refinements may carry their own wording: params { zh_CN, en }.
      const own = (issue.params as Partial<Record<ApiLanguage, string>> | undefined)?.[lang];
      return own ?? issue.message;
    }
    default:
      return say(lang, { zh: '输入无效', en: 'is invalid' });
  }
}

export function fieldErrors(err: RequestValidationError, lang: ApiLanguage): FieldError[] {
  const where = CONTEXT_NAMES[err.validationContext ?? ''] ?? 'request';
  return err.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : where,
    message: issueMessage(issue, lang),
  }));
}
