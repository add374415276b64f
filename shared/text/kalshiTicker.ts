export function kalshiTickerQuestion(_title: string, _outcome: string): { title: string; outcome: string } | null {
  return null;
}
