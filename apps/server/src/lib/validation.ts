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
 * Zod validator for Fastify. Unlike the type provider's stock compiler it keeps the raw zod issues
 * (with the input, to tell "missing" from "wrong"), so the error handler can word them per language.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };

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
