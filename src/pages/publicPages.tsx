import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteDef } from '../routes/table.ts';
import { HomePage } from './HomePage.tsx';
import { PlainPage } from './PlainPage.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';

/** The app store and the capabilities page (src/pages/store/), each its own chunk. */
const StorePage = lazy(() => import('./store/StorePage.tsx'));
const AppDetailPage = lazy(() => import('./store/AppDetailPage.tsx'));
const CapabilitiesPage = lazy(() => import('./store/CapabilitiesPage.tsx'));
/** The developer docs, their search and the agreements (src/pages/docs/). */
const DocsPage = lazy(() => import('./docs/DocsPage.tsx'));
const SearchPage = lazy(() => import('./docs/SearchPage.tsx'));
const TermsPage = lazy(() => import('./docs/TermsPage.tsx'));
const AboutPage = lazy(() => import('./docs/AboutPage.tsx'));

export const Lazy = ({ page }: { page: ReactNode }) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

/**
 * The public site's pages, which the server also renders for a first visit (src/entry-server.tsx);
 * null for a route that shows none of them.
 */
export const publicPage = (route: RouteDef): ReactNode | null => {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'appStore':
      return <Lazy page={<StorePage />} />;
    case 'appDetail':
      return <Lazy page={<AppDetailPage />} />;
    case 'capabilities':
      return <Lazy page={<CapabilitiesPage />} />;
    case 'docs':
      return <Lazy page={<DocsPage />} />;
    case 'docSearch':
      return <Lazy page={<SearchPage />} />;
    case 'terms':
      return <Lazy page={<TermsPage />} />;
    case 'about':
      return <Lazy page={<AboutPage />} />;
    case 'placeholder':
      return <PlainPage title={route.title} placeholder />;
    default:
      return null;
  }
};
