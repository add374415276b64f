/** Whether a NATS subject matches a filter with `*` (one token) and `>` (the rest) wildcards. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i += 1) {
    const token = f[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return f.length === s.length;
}
