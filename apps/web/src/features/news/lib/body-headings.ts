/**
 * Shifts the headings of an article body so its highest one is `top` (the page's own h1 is the
 * title): authors write h3 or h1 as they like, the outline of the page stays unbroken. The order
 * between the body's headings is kept; nothing goes below h6.
 */
export function fitBodyHeadings(html: string, top = 2): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const headings = [...doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  if (headings.length === 0) return html;
  const highest = Math.min(...headings.map((h) => Number(h.tagName[1])));
  const shift = top - highest;
  if (shift === 0) return html;
  for (const heading of headings) {
    const level = Math.min(6, Number(heading.tagName[1]) + shift);
    const replacement = doc.createElement(`h${level}`);
    for (const attr of [...heading.attributes]) replacement.setAttribute(attr.name, attr.value);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
  return doc.body.innerHTML;
}
