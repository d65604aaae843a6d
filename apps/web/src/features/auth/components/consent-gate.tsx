import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loginInfoQueryOptions } from '../api/accounts';

// The dialog, its texts and the form parts load only for a reader who has to agree again.
const ConsentPrompt = lazy(() => import('./consent-prompt'));

/** A logged-in reader's check whether the user agreement or privacy policy changed since they agreed. */
export function ConsentGate() {
  const info = useQuery(loginInfoQueryOptions());
  if (!info.data?.consent_required) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPrompt />
    </Suspense>
  );
}

export default ConsentGate;
