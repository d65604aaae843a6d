// Redocly rules of our own, loaded by redocly.yaml.

/** Path parameters whose schema is an integer: they never match a literal, non-numeric segment. */
function integerParams(item) {
  const names = new Set();
  for (const op of [item, ...Object.values(item)]) {
    for (const p of op?.parameters ?? []) if (p.in === 'path' && p.schema?.type === 'integer') names.add(p.name);
  }
  return names;
}

/** Whether some URL matches both templates (a segment `{x}` matches anything unless x is an integer). */
function ambiguous([a, intsA], [b, intsB]) {
  const sa = a.split('/');
  const sb = b.split('/');
  if (sa.length !== sb.length) return false;
  return sa.every((x, i) => {
    const y = sb[i];
    const varX = /^{(.+)}$/.exec(x)?.[1];
    const varY = /^{(.+)}$/.exec(y)?.[1];
    if (varX && varY) return true;
    if (varX) return !intsA.has(varX) || /^\d+$/.test(y);
    if (varY) return !intsB.has(varY) || /^\d+$/.test(x);
    return x === y;
  });
}

/**
 * `no-ambiguous-paths` that reads the path parameters' types: `/v1/live/{id}/agenda` (id an
 * integer) and `/v1/live/product/{product}` are told apart by the router, and by any client, since
 * `product` is not a number. Two templates a real URL could match both still fail.
 */
function NoAmbiguousPaths() {
  return {
    Paths(pathMap, { report, location }) {
      const seen = [];
      for (const [path, item] of Object.entries(pathMap)) {
        const current = [path, integerParams(item)];
        const other = seen.find((s) => ambiguous(s, current));
        if (other) {
          report({
            message: `Paths should resolve unambiguously. Found two ambiguous paths: \`${other[0]}\` and \`${path}\`.`,
            location: location.child([path]).key(),
          });
        }
        seen.push(current);
      }
    },
  };
}

export default function medportalRules() {
  return { id: 'medportal', rules: { oas3: { 'no-ambiguous-paths': NoAmbiguousPaths } } };
}
