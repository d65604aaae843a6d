import { replace, type LoaderFunctionArgs } from 'react-router';
import { resolveModuleTarget } from '../lib/module-target';

/**
 * `/:module/:module_id` (spec §2 generic module target): replaces itself with the module's page so
 * Back skips it; an unknown module or a malformed id renders the route's 404 page.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const target = resolveModuleTarget(params.module, params.module_id);
  if (!target) return null;
  // Keep the caller's query (e.g. ?lang=en) next to the target's own.
  const search = new URL(request.url).search.slice(1);
  return replace(search ? `${target}${target.includes('?') ? '&' : '?'}${search}` : target);
}
