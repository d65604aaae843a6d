import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { SearchIcon } from '../../../shared/ui/icons';

/** The navigation bar search: a non-empty term goes to /search?txt=; an empty one does nothing. */
export function SearchBox() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const txt = term.trim();
    if (!txt) return;
    navigate(paths.search.getHref(txt));
  };

  return (
    <form role="search" className="search-box" action={paths.search.path} method="get" onSubmit={onSubmit} data-chrome="search">
      <input
        type="search"
        name="txt"
        className="search-box__input"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-box__submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}
