// Calls to /api/v1 with the httpOnly session cookies. The page never reads, keeps or sends a token
// itself: the cookies travel with same-origin requests, and an expired access cookie is renewed once
// through POST /api/v1/auth/refresh (which uses the svc_refresh cookie).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

let refreshing = null;

/** Renews the session cookies; true when it worked. Concurrent callers share one attempt. */
export function refreshSession() {
  refreshing ??= fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'same-origin' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => (refreshing = null));
  return refreshing;
}

export async function api(method, path, body, { retry = true } = {}) {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.status === 401 && retry && !path.startsWith('/api/v1/auth/') && (await refreshSession())) {
    return api(method, path, body, { retry: false });
  }
  if (!res.ok) throw new ApiError(res.status, data?.status ?? `HTTP_${res.status}`, data?.message ?? `${res.status} ${res.statusText}`);
  return data;
}

/** A route this server does not have (another version, or a feature not deployed yet). */
export const isMissingRoute = (err) => err instanceof ApiError && err.status === 404 && /^No route for /.test(err.message);
