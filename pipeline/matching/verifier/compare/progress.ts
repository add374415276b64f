/**
 * Steps toward a trophy are not the trophy. A market asking whether a side reaches, makes or advances to a
 * final, a series or the playoffs resolves Yes for the loser of that final too; a market on one game of a
 * series ("win Game 1 of the NBA Finals") resolves on that game alone; a women's competition is another
 * competition than the one of the same name without the word. Each is said on one side only, against a
 * market that asks for the whole trophy, so the two can disagree and the pair is refused.
 */
import type { Proposition } from '../types.ts';

const STAGE_NOUN = String.raw`(?:(?:[a-z0-9'’.-]+\s+){0,5}?(?:finals?|semi-?finals?|quarter-?finals?|playoffs?|knockout stage|round of \d+|championship (?:game|series)|super ?bowl|world series|title game))\b`;
const PROGRESS = new RegExp(String.raw`\b(?:reach(?:es)?|make(?:s)?|advance(?:s)? to|qualif(?:y|ies) for|get(?:s)? to|appear(?:s)? in|play(?:s)? in|be in)\s+(?:the\s+)?${STAGE_NOUN}`, 'i');
const WINS = /\bwin(?:s|ner|ners)?\b|\bchampions?\b|\btitle\b/i;
const GAME_OF_SERIES = /\bgame\s+[1-7]\b/i;
/**
 * A women's side, also by a club's women's suffix ("Arsenal WFC", "Barcelona Femení", "Lyon Féminin"). Not
 * Polymarket's "(W)": Kalshi titles its women's college games without a mark ("Indiana at Purdue Winner?").
 */
const WOMEN = /\bwomen(?:'s|’s|s)?\b|\bw\.?f\.?c\b|\bladies\b|\bfemen[ií]n?o?\b|\bf[ée]minin[e]?\b|\bfrauen\b/i;

const DOUBLES = /\bdoubles\b|\bmixed\b|\S\s*\/\s*\S/i;

/** Words of an event's name ("Australian Open", "World Cup"), never a player's. */
const EVENT_NAME_WORD = /^(?:open|cup|championships?|final|finals|grand|prix|league|series|world|tour|masters|games|olympics?|slam|trophy|classic|women's|women’s|womens)$/i;

/**
 * Both markets are about one named player ("Aryna Sabalenka" / "Sabalenka"): a player is in one singles draw only,
 * so a women's event said on one side is the event the other means. Teams and nations are not players: their men's
 * and women's sides are two teams; nor is a doubles pair.
 */
function samePlayer(a: Proposition, b: Proposition): boolean {
  // A doubles pair is another entry than either of its players.
  if (DOUBLES.test(a.text) || DOUBLES.test(b.text)) return false;
  const fullName = (label: string): boolean => {
    const words = label.split(/\s+/);
    return words.length >= 2 && words.length <= 3 && !words.some((w) => EVENT_NAME_WORD.test(w));
  };
  const keysOf = (p: Proposition) => new Set(p.entities.filter((e) => e.group === 'name' || e.group === 'person').map((e) => e.key));
  const kb = keysOf(b);
  const ka = keysOf(a);
  return [...a.entities, ...b.entities].some((e) => (e.group === 'name' || e.group === 'person') && fullName(e.label) && ka.has(e.key) && kb.has(e.key));
}

/** Reasons a market that reaches a stage, or wins one game of it, or is the women's event, differs from the other. */
export function compareProgress(a: Proposition, b: Proposition): string[] {
  const out: string[] = [];
  const pa = PROGRESS.test(a.text);
  const pb = PROGRESS.test(b.text);
  // Only against a market that asks for the win: "in the semifinals" and "reach the semi-finals" are one question.
  if (pa !== pb && WINS.test((pa ? b : a).text)) out.push(`reaching a stage vs winning it: "${(pa ? a : b).text.match(PROGRESS)?.[0] ?? ''}" on one side only`);
  const ga = GAME_OF_SERIES.test(a.text);
  const gb = GAME_OF_SERIES.test(b.text);
  // Only against a market that names a trophy: two game markets compare their game numbers elsewhere.
  if (ga !== gb && (ga ? b : a).titles.length > 0) out.push('one game of a series vs the series');
  const wa = WOMEN.test(a.text);
  const wb = WOMEN.test(b.text);
  if (wa !== wb && !samePlayer(a, b)) out.push("women's competition on one side only");
  return out;
}
