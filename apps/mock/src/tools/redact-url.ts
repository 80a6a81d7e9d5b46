/** Credential-shaped anywhere in a name (`refresh_token`, `client_secret`, `X-Amz-Signature`, `apikey`). */
const SECRET_PART = /token|secret|passw|passcode|passphrase|credential|api[-_]?key|ticket|signature|authori[sz]|cookie/;
/** Credential-shaped as a whole word of a name (`key`, `api_key`, `x-auth`, `code`), not inside one (`author`). */
const SECRET_WORD = /(?:^|[^a-z0-9])(?:pass|pwd|auth|sig|code|key|jwt|otp|csrf|xsrf|sid|session_?id)(?:$|[^a-z0-9])/;

/** Whether a parameter, header or field of that name holds a credential; camelCase splits into words (`apiKey`). */
export function isSecretName(name: string): boolean {
  // Header names arrive lower-case: no copy made for them (the journal asks once per header per request).
  const words = /[A-Z]/.test(name) ? name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : name;
  return SECRET_PART.test(words) || SECRET_WORD.test(words);
}

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

/** A credential in a query string (`?access_token=`, a stream `?ticket=`, `?api_key=`, `?sig=`) never reaches the log. */
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
      if (eq === -1 || !isSecretName(paramName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}
