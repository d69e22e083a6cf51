import { data } from 'react-router';

// Placeholder until this page lands (issue 3): answers 404 so no half-built page is reachable.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
