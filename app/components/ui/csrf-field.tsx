import { useRouteLoaderData } from 'react-router';

/**
 * The hidden `_csrf` field of every form that posts to a page action (issue 32 item 1, DESIGN §5): the session's
 * token as the root loader hands it out (`app/root.tsx`), the same token for the shop and the back office. The one
 * place that writes the field; `npm run lint` refuses a hand-written one (`scripts/check-tree.js`).
 */
export function CsrfField() {
  const token = useRouteLoaderData<{ csrfToken?: string }>('root')?.csrfToken ?? '';
  return <input type="hidden" name="_csrf" value={token} />;
}
