// The shop's public address when none is configured (decision 0027, issue 14 item 7): the server refuses to start
// in production without PUBLIC_URL (mail and document links never follow a request's Host header), but
// `npm start` on a clean install with no configuration must still give a working shop on this machine. So the
// commands a stranger runs (`npm start`, `npm run airport`, `npm run ratings:import`) set
// `http://localhost:<PORT>` and say once that links in mails will point there.

/** Sets PUBLIC_URL to `http://localhost:<PORT>` when it is unset or empty, with one warning line on stderr. */
export function defaultPublicUrl() {
  if (process.env.PUBLIC_URL?.trim()) return;
  const port = process.env.PORT?.trim() || '3000';
  process.env.PUBLIC_URL = `http://localhost:${port}`;
  console.warn(
    `PUBLIC_URL is not set: links in mails and documents will point at ${process.env.PUBLIC_URL}. ` +
      "Set PUBLIC_URL to the shop's public address (README, Configuration).",
  );
}
