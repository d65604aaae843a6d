/**
 * Shifts the headings of an article body so its highest one is `top` (the page's own h1 is the
 * title): authors write h3 or h1 as they like, the outline of the page stays unbroken. The order
 * between the body's headings is kept; nothing goes below h6.
 *
 * Works on the server's sanitised HTML as a string (the same on the server and in the browser, so
 * a server-rendered page needs no change when the browser takes it over): in it, every `<` of text
 * is escaped, so `<h2` only ever starts a tag.
 */
export function fitBodyHeadings(html: string, top = 2): string {
  const levels = [...html.matchAll(/<h([1-6])(?=[\s>/])/gi)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = top - Math.min(...levels);
  if (shift === 0) return html;
  return html.replace(/<(\/?)h([1-6])(?=[\s>/])/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}`);
}
