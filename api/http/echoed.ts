/**
 * A piece of the caller's input quoted back in an error message, bounded so an error never grows with the
 * input (a 12,000-digit `limit` was echoed whole): at most `max` characters, then an ellipsis.
 */
export function echoed(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Names quoted in a message, at most `max` of them, then how many more there were. */
export function echoedNames(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max).map((n) => `'${echoed(n)}'`);
  return names.length > max ? `${shown.join(', ')} and ${names.length - max} more` : shown.join(', ');
}
