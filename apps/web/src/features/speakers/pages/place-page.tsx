import { useParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n';
import type { PlaceKind } from '../api/speakers';
import { PlaceView } from '../components/place-view';
import { idFrom } from './speaker-detail-page';
import '../speakers.css';

function PlacePage({ kind }: { kind: PlaceKind }) {
  const params = useParams();
  const id = idFrom(params.id);
  return <PlaceView key={`${kind}-${id}`} kind={kind} id={id} />;
}

export const HospitalPage = () => <PlacePage kind="hospital" />;
export const OrganizerPage = () => <PlacePage kind="organizer" />;
export const KeywordPage = () => <PlacePage kind="keyword" />;

export async function loader() {
  await loadNamespaces('speaker');
  return null;
}

export const hospitalRoute = { loader, Component: HospitalPage };
export const organizerRoute = { loader, Component: OrganizerPage };
export const keywordRoute = { loader, Component: KeywordPage };
