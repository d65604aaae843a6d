import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { MediaListPage } from './media-list-page';
import { MediaShowPage } from './media-show-page';
import { mediaTexts } from './texts';

/** The media library (area `content`, decision record 0064): tus uploads, transcode status, playback, subtitles, poster, bindings. */
export const mediaArea: ConsoleArea = {
  area: 'content',
  resources: [{ name: 'media', list: '/media', show: '/media/:id', meta: { labelKey: 'media.title' } }],
  routes: (
    <>
      <Route path="/media" element={<MediaListPage />} />
      <Route path="/media/:id" element={<MediaShowPage />} />
    </>
  ),
  texts: mediaTexts,
};
