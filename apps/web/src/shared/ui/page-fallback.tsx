/** Shown while a page's code or text loads (kept free of translated text: it may render first). */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-busy="true">
      <span className="page-fallback__bar" />
    </div>
  );
}
