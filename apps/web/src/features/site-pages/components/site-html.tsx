import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * HTML the server sanitised (site documents, product introductions). Links to pages of this site
 * carry no target and are routed in the app; outside links open a new tab as the server marked them.
 */
export function SiteHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest('a');
      const href = link?.getAttribute('href');
      if (!link || link.target || !href?.startsWith('/') || href.startsWith('//')) return;
      e.preventDefault();
      void navigate(href);
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [navigate]);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
