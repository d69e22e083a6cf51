import { data, Outlet } from 'react-router';
import type { Route } from './+types/locale-layout';

// German lives at the root, English under /en; any other prefix is not a page of ours (DESIGN §3).
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && params.lang !== 'en') throw data(null, { status: 404 });
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}
