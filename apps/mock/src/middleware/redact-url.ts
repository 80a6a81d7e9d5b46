const SECRET_PARAMS = new Set(['access_token', 'token', 'ticket']);

/** A parameter name as the query parser reads it: `%61ccess_token`, `Ticket`, `token[]` included. */
function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judged as written.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/** A credential in a query string (`?access_token=`, a stream `?ticket=`) never reaches the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1 || !SECRET_PARAMS.has(paramName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}
