import { RouteErrorView } from '../../features/errors/components/route-error-view';
import { BareLayout } from './bare-layout';

/** Last-resort boundary when the layout itself failed: the error view without chrome. */
export function RootError() {
  return (
    <BareLayout>
      <RouteErrorView />
    </BareLayout>
  );
}
