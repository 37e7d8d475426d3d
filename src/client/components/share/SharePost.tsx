// Share on a post page. The page's address is only known in the browser, so the server renders nothing here (hydration
// matches) and the controls are a small chunk of their own, loaded once the page runs: no byte on the first load.
import { Suspense, lazy } from 'react';
import { useHydrated } from '../../app/useHydrated';

export type SharePostProps = { title: string };

const ShareControls = lazy(() => import('./ShareControls'));

export function SharePost({ title }: SharePostProps) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <ShareControls title={title} />
    </Suspense>
  ) : null;
}
