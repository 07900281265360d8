import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'

/** /file-viewer?fileName=…: every PDF and image of the product, or a placeholder without a file name. */
export const fileViewerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'file-viewer',
  validateSearch: (search: Record<string, unknown>): { fileName?: string } =>
    typeof search.fileName === 'string' && search.fileName !== '' ? { fileName: search.fileName } : {},
  component: lazyRouteComponent(() => import('./file-viewer-page'), 'FileViewerPage'),
})
