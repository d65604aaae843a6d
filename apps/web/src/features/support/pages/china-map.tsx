import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Covid19Province } from '@medportal/contract';
import type * as ChinaShapes from '../lib/china-shapes';

type Shapes = typeof ChinaShapes;

/**
 * The provinces coloured by confirmed cases. The shapes (~100 KB) load in a chunk of their own
 * after the page, which shows its figures and table meanwhile; each province is focusable and
 * named with its figures, and the one focused or pointed at is described under the map.
 */
export function ChinaMap({ provinces, colour, format }: { provinces: readonly Covid19Province[]; colour: (n: number) => string; format: (n: number) => string }) {
  const { t } = useTranslation('support');
  const [shapes, setShapes] = useState<Shapes | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('../lib/china-shapes').then(
      (m) => live && setShapes(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const byCode = new Map(provinces.map((p) => [p.code, p]));
  const describe = (p: Covid19Province) =>
    t('covid.provinceFigures', { name: p.name, confirmed: format(p.confirmed), current: format(p.current), cured: format(p.cured), deaths: format(p.deaths) });
  const shown = active ? byCode.get(active) : undefined;
  if (failed) return <p className="covid-map covid-map--failed">{t('covid.mapFailed')}</p>;
  if (!shapes) return <div className="covid-map covid-map--loading" aria-busy="true" aria-label={t('covid.mapLoading')} />;
  return (
    <figure className="covid-map-figure">
      <svg className="covid-map" viewBox={shapes.VIEW_BOX} role="group" aria-label={t('covid.mapLabel')} data-testid="china-map">
        {shapes.SHAPES.map((s) => {
          const p = byCode.get(s.code);
          if (!p) return <path key={s.code} d={s.path} className="covid-map__province covid-map__province--none" aria-hidden="true" />;
          return (
            <path
              key={s.code}
              d={s.path}
              className={active === s.code ? 'covid-map__province is-active' : 'covid-map__province'}
              fill={colour(p.confirmed)}
              tabIndex={0}
              role="img"
              aria-label={describe(p)}
              data-province={s.code}
              onFocus={() => setActive(s.code)}
              onBlur={() => setActive((c) => (c === s.code ? null : c))}
              onMouseEnter={() => setActive(s.code)}
              onMouseLeave={() => setActive((c) => (c === s.code ? null : c))}
            />
          );
        })}
      </svg>
      <figcaption className="covid-map__detail" aria-hidden="true">
        {shown ? describe(shown) : t('covid.mapHint')}
      </figcaption>
    </figure>
  );
}
