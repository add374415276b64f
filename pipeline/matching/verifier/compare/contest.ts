/**
 * Two game markets compared as contests: the sides must be the same two (in any order, under any of
 * the venues' spellings), and the picks either the same side (identity), the two sides of a game that
 * cannot be drawn (a negation), or different (another side, a draw against a side). A side written
 * only in a Kalshi ticker ("SASBOS") is read against the partner's sides. The side names themselves
 * are then left out of the entity and event-word checks, which would only see two spellings.
 */
import { isKalshiTicker } from '../../../../shared/text/kalshiTicker.ts';
import { canonicalWord } from '../read/words.ts';
import type { PropEntity, Proposition } from '../types.ts';
import { sameSide, splitCodes, teamsNamed } from './sides.ts';
import { ambiguousBoth, ambiguousLeague, leagueInText } from './gameLeague.ts';

export interface ContestCheck {
  /** Both markets are games whose sides could be read: compared here, not by entities. */
  readonly applies: boolean;
  readonly reasons: readonly string[];
  /** The two markets pick the two sides of a game that cannot be drawn. */
  readonly flip: boolean;
}

const NONE: ContestCheck = { applies: false, reasons: [], flip: false };

function sidesOf(p: Proposition, partner: Proposition): readonly string[] {
  if (p.sides.length > 0) return p.sides;
  return p.sideCodes ? (splitCodes(p.sideCodes, partner.sides) ?? []) : [];
}

/** A Kalshi game series names its league ("KXNFLGAME-…"); a title may name it ("NBA: …"). */
const SERIES_LEAGUE = /^(?:KX)?(WNBA|NFL|NBA|MLB|NHL)/;
const TITLE_LEAGUE = /\b(WNBA|NFL|NBA|MLB|NHL)\b/;

/**
 * The league a game is played in when the market says so: its ticker's series, a league in its title,
 * or sides that are teams of one league only ("Rockets", not "Houston", which fields a team in four).
 */
function leagueOf(p: Proposition, sides: readonly string[]): string | null {
  // A bare ticker given as the title names its league as a ticker field would.
  const series = SERIES_LEAGUE.exec(p.source.ticker ?? (isKalshiTicker(p.source.title.trim()) ? p.source.title.trim().toUpperCase() : ''));
  if (series?.[1]) return series[1].toLowerCase();
  const named = TITLE_LEAGUE.exec(p.source.title);
  if (named?.[1]) return named[1].toLowerCase();
  const stated = leagueInText(p);
  if (stated) return stated;
  const leagues = new Set(sides.flatMap((side) => {
    const teams = teamsNamed(side);
    const of = new Set(teams.map((t) => t.league));
    return of.size === 1 ? [...of] : [];
  }));
  return leagues.size === 1 ? ([...leagues][0] ?? null) : null;
}

/** The league a market that is no game names: in its title ("NFL Week 1: ..."), or by teams of one league only. */
function namedLeague(p: Proposition): string | null {
  const named = TITLE_LEAGUE.exec(p.source.title);
  if (named?.[1]) return named[1].toLowerCase();
  const leagues = new Set(p.entities.filter((e) => e.group === 'team').map((e) => /^(nba|nfl|mlb|nhl|wnba)-/.exec(e.key)?.[1] ?? 'other'));
  return leagues.size === 1 && !leagues.has('other') ? ([...leagues][0] ?? null) : null;
}

/** Winning or lifting a competition ("win the 2026 Brasileirão", "lift the Champions League trophy"), not one game. */
const COMPETITION_WIN = /\b(?:wins?|lifts?|claims?)\s+(?:the\s+)?(?:\d{4}(?:[-–]\d{2,4})?\s+)?[\w'. -]{0,40}?\b(?:cup|league|title|trophy|championship|brasileir[aã]o|liga|serie a|bundesliga|ligue 1|eredivisie|tournament|series)\b|\b(?:cup|league|trophy|championship|liga|serie a|bundesliga|ligue 1|eredivisie|tournament)\s+(?:\d{4}(?:[-–]\d{2,4})?\s+)?(?:winner|champion)\b/i;

/** "Sabalenka A." without its initial: a positional pick copies the title's side, whose initial the sides leave out. */
const withoutInitials = (name: string): string => name.replace(/(?:^|\s)\p{Lu}\.(?=\s|$)/gu, '').trim();
function indexIn(pick: string, sides: readonly string[]): number {
  const at = sides.findIndex((s) => sameSide(pick, s));
  const bare = withoutInitials(pick);
  return at >= 0 || bare === pick || bare === '' ? at : sides.findIndex((s) => sameSide(bare, s));
}

/** Kalshi's three-way soccer labels: "Reg Time: France", "Reg Time: Tie". */
const REGULATION = /^reg(?:ulation)?\.?\s*time\s*:\s*/i;
/** A game market settled at the end of regulation: "Total Goals (regular time)", "60-minute line", "in regulation". */
const REGULATION_TITLE = /\b(?:regular|regulation)\s+time\b|\bin regulation\b|\b60[- ]minutes?(?: line| result)?\b/i;

function withoutRegulation(pick: string | null): string | null {
  if (pick === null) return null;
  const side = pick.replace(REGULATION, '').trim();
  if (/^(?:tie|draw)$/i.test(side)) return 'draw';
  return side === pick.trim() ? pick : side;
}

/** Leagues whose games overtime or extra innings decide. */
const OVERTIME_LEAGUES = new Set(['nba', 'wnba', 'nfl', 'mlb', 'nhl']);

/** A race for an office or a nomination, named in a game-shaped title. */
const RACE = /\b(?:election|nomination|primary|caucus|presidential|mayoral|gubernatorial|leadership contest)\b/i;
const RUNOFF = /\brun-?off\b|\bsecond round\b/i;
const FIELD = /^(?:the )?(?:field|any ?one else|any other|other|others|rest of (?:the )?field)$/i;

/**
 * One game against a market that is no game and names one side at most ("Tommy Paul wins", "Will Swiatek win
 * the Cincinnati Open?"): whether it asks about this match, another match or the tournament cannot be told.
 * A non-game naming both sides ("Will the Chiefs beat the Bills?") or dated on the game's day is compared as usual.
 */
function gameOnOneSide(game: Proposition, other: Proposition): ContestCheck {
  const sides = game.sides.length === 2 ? game.sides : null;
  // "2028 Republican Presidential Nomination - JD Vance vs Marco Rubio": a head-to-head of two candidates settles
  // between them, the race itself on whoever wins it (a third may).
  // A runoff has only its two, and "X vs Field" sets one against everyone else: both are the race.
  if (sides && RACE.test(game.source.title) && !RUNOFF.test(game.source.title) && !sides.some((s) => FIELD.test(s)) && !other.game) return { applies: false, reasons: [`a head-to-head of two candidates against the race: ${game.source.title}`], flip: false };
  const named = sides ? sides.filter((side) => other.entities.some((e) => sameSide(side, e.label))).length : 0;
  // "Will the Clippers beat the Nuggets?" names both sides of "Los Angeles C at Denver" (KXNFLGAME): another league's game.
  if (sides && named >= 2) {
    const known = namedLeague(other);
    const own = leagueOf(game, sides);
    if (known && own && known !== own) return { applies: false, reasons: [`league differs: ${own} vs ${known}`], flip: false };
    // Only a definite conflict: cities that field no team of the named league that day. Cities that field one in
    // several leagues are left to the side and date checks, as a market naming both teams was before.
    const unsure = known && !own ? ambiguousLeague(game, sides, known, other) : null;
    if (unsure?.startsWith('league differs')) return { applies: false, reasons: [unsure], flip: false };
  }
  // "Real Madrid vs Arsenal - 1X2" against "Real Madrid lift the Champions League trophy": a game that can be drawn
  // is settled at full time, a competition by extra time, penalties or a table, even when its final is that game.
  if (!other.game && game.draws !== 'no' && COMPETITION_WIN.test(other.text)) {
    return { applies: false, reasons: [`a game against the competition: ${other.text}`], flip: false };
  }
  // "Oilers vs Flames – Regulation Time" against "Will the Oilers win ...?": where overtime decides a game, winning in
  // regulation is the narrower event.
  const regulation = REGULATION_TITLE.test(game.source.title) || REGULATION_TITLE.test(game.source.outcome) || (game.pick !== null && REGULATION.test(game.pick));
  if (regulation && !REGULATION_TITLE.test(other.text) && sides && OVERTIME_LEAGUES.has(leagueOf(game, sides) ?? '')) {
    return { applies: false, reasons: [`regulation time on one side only: ${game.source.title}`], flip: false };
  }
  const margin = marginOfTheOtherSide(game, other, sides);
  if (margin) return { applies: false, reasons: [margin], flip: false };
  // Dated on the game's day, a market about one side ("Sevilla FC leading at halftime?") is about this game.
  const day = game.eventDay ?? game.endDate;
  const otherDay = other.eventDay ?? other.dates.find((d) => d.sense === 'on' && d.granularity === 'day')?.end ?? other.endDate;
  if (day && otherDay && Math.abs(Date.parse(day) - Date.parse(otherDay)) <= 86400000) return NONE;
  if (named >= 2) return NONE;
  if (!sides && !game.sideCodes) return NONE;
  return { applies: false, reasons: [`a game on one side only: ${sides ? sides.join(' vs ') : game.sideCodes} against a market naming ${named > 0 ? 'one side' : 'neither side'}`], flip: false };
}

/**
 * "Miami wins by over 2.5 points?" against Orlando - Miami's "Handicap 2 (+2.5)", which reads as Orlando's margin
 * negated: a margin won by the side the game's line does not pick is another line in either polarity (Miami by 3
 * or more is neither Orlando by 3 or more nor its negation, Miami +2.5). Only when the market names exactly one
 * of the two sides, so a city that fields both ("Los Angeles") decides nothing.
 */
function marginOfTheOtherSide(game: Proposition, other: Proposition, sides: readonly string[] | null): string | null {
  const pick = withoutRegulation(game.pick);
  if (!sides || pick === null || pick === 'draw' || game.numbers.length === 0 || other.numbers.length === 0 || !other.events.includes('win')) return null;
  const named = sides.filter((side) => other.entities.some((e) => sameSide(side, e.label)));
  const picked = indexIn(pick, sides);
  if (named.length !== 1 || picked < 0 || sameSide(named[0] ?? '', sides[picked] ?? '')) return null;
  return `a margin of the other side: ${named[0] ?? ''} against a line on ${pick}`;
}

export function compareContests(a: Proposition, b: Proposition): ContestCheck {
  if (a.game !== b.game) return a.game ? gameOnOneSide(a, b) : gameOnOneSide(b, a);
  if (!a.game || !b.game) return NONE;
  const sa = sidesOf(a, b);
  const sb = sidesOf(b, a);
  if (sa.length === 0 || sb.length === 0) {
    // A game named only by a ticker whose codes fit none of the partner's sides is another game.
    if ((a.sideCodes && sa.length === 0 && b.sides.length === 2) || (b.sideCodes && sb.length === 0 && a.sides.length === 2)) {
      return { applies: true, reasons: [`teams differ: ${a.sideCodes || a.sides.join(' vs ')} vs ${b.sideCodes || b.sides.join(' vs ')}`], flip: false };
    }
    return NONE;
  }
  // One city fields teams in several leagues: Houston at Dallas in the NFL is not the Rockets and the Mavericks.
  const la = leagueOf(a, sa);
  const lb = leagueOf(b, sb);
  if (la && lb && la !== lb) return { applies: true, reasons: [`league differs: ${la} vs ${lb}`], flip: false };
  const unsure = !la && lb ? ambiguousLeague(a, sa, lb, b) : la && !lb ? ambiguousLeague(b, sb, la, a) : !la && !lb ? ambiguousBoth(a, sa, b) : null;
  if (unsure) return { applies: true, reasons: [unsure], flip: false };
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  const mapped = short.map((x) => long.findIndex((y) => sameSide(x, y)));
  if (mapped.some((i) => i < 0) || (mapped.length === 2 && mapped[0] === mapped[1])) {
    return { applies: true, reasons: [`teams differ: ${sa.join(' vs ')} vs ${sb.join(' vs ')}`], flip: false };
  }
  // A total's label may say it ("Regular Time Total Over (229.5)", "Total Over (5.5) — regular time").
  const regA = (a.pick !== null && REGULATION.test(a.pick)) || REGULATION_TITLE.test(a.source.title) || REGULATION_TITLE.test(a.source.outcome);
  const regB = (b.pick !== null && REGULATION.test(b.pick)) || REGULATION_TITLE.test(b.source.title) || REGULATION_TITLE.test(b.source.outcome);
  // A regulation-time result ("Reg Time: Boston") is the game's result only where the game can be drawn and so is
  // settled at the end of regulation (soccer); where overtime decides it, winning in regulation is a narrower event.
  // Only a sport known to go to overtime tells them apart: a three-way line names its sides in regulation time
  // because a draw is one of its results, which is how soccer is settled anyway.
  if (regA !== regB && (a.draws === 'no' || b.draws === 'no')) {
    return { applies: true, reasons: [`regulation time on one side only: ${(regA ? a.pick : b.pick) ?? (regA ? a.source.title : b.source.title)} against a result that can come in overtime`], flip: false };
  }
  const ta = teamTotal(a, sa);
  const tb = teamTotal(b, sb);
  if ((ta === null) !== (tb === null) || (ta !== null && tb !== null && !sameSide(ta, tb))) {
    return { applies: true, reasons: [`a team's total vs ${tb === null || ta === null ? "the game's total" : 'another team\'s total'}: ${ta ?? tb}`], flip: false };
  }
  const pa = withoutRegulation(a.pick);
  const pb = withoutRegulation(b.pick);
  if (pa === null && pb === null) return { applies: true, reasons: [], flip: false };
  if (pa === null || pb === null) return { applies: true, reasons: [`a side is picked on one market only: ${pa ?? pb}`], flip: false };
  if (pa === 'draw' || pb === 'draw') return { applies: true, reasons: pa === pb ? [] : [`draw vs a side: ${pa} vs ${pb}`], flip: false };
  const ia = indexIn(pa, sa);
  const ib = indexIn(pb, sb);
  if (ia < 0 || ib < 0) return { applies: true, reasons: [`the pick is not a side of the game: ${ia < 0 ? pa : pb}`], flip: false };
  const sideA = sa[ia] ?? '';
  const sideB = sb[ib] ?? '';
  if (sameSide(sideA, sideB)) return { applies: true, reasons: [], flip: false };
  // The picks are two different sides of the same game.
  const draws = a.draws === 'yes' || b.draws === 'yes' ? 'yes' : a.draws === 'no' || b.draws === 'no' ? 'no' : 'unknown';
  // "Will Boston Celtics win on 2027-01-15?" names one side of the game the other market pairs: its other side is the opponent.
  if (draws === 'no' && Math.max(sa.length, sb.length) === 2 && Math.min(sa.length, sb.length) >= 1) return { applies: true, reasons: [], flip: true };
  const why = draws === 'yes' ? 'the game can be drawn' : sa.length < 2 || sb.length < 2 ? 'one market names one side only' : 'nothing says the game cannot be drawn';
  return { applies: true, reasons: [`other side of the game: ${pa} vs ${pb} (${why})`], flip: false };
}

/** The side whose own total a market counts ("Arsenal Total Over (1.5)", "Liverpool Total Goals 1.5"), else null. */
function teamTotal(p: Proposition, sides: readonly string[]): string | null {
  // The title and the label are read apart: "Tottenham Hotspur - Arsenal" answered "Total Under (2.5)" is the game's total.
  const texts = [p.source.title, p.source.outcome].filter((t) => /\btotal\b/i.test(t));
  for (const side of sides) {
    const last = side.trim().split(/\s+/).pop() ?? '';
    if (last.length < 2) continue;
    const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named = new RegExp(`\\b${escaped}(?:'s)?\\s+(?:team\\s+)?total\\b`, 'i');
    // "Warriors – Lakers Total Points": the market's name run on after the pairing's second side is the game's total.
    const runOn = new RegExp(`\\b${escaped}\\s+total(?:\\s+(?:points|goals|runs|games|maps|rounds))?\\s*$`, 'i');
    if (texts.some((t) => named.test(t) && !(t === p.source.title && side === sides[1] && runOn.test(t)))) return side;
  }
  return null;
}

/** Lower-case words of the sides and the pick, left out of the entity and event-word checks once sides are compared. */
function sideWords(p: Proposition): Set<string> {
  // A draw pick is compared above too: "end in a draw" says nothing else.
  const text = [...p.sides, p.pick ?? '', p.pick === 'draw' ? 'end tie' : ''].join(' ').toLowerCase();
  const ws = text.split(/[^a-z0-9]+/).filter((w) => w.length > 1);
  return new Set([...ws, ...ws.map(canonicalWord)]);
}

/** The proposition without its sides: what is left (the line, the stage, the period) is compared as usual. */
export function withoutSides(p: Proposition): Proposition {
  const words = sideWords(p);
  const inSide = (label: string): boolean => label.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).every((w) => words.has(w));
  // A team read from a side written as its city and initial ("New York R") or its nickname is that side,
  // though its full name ("New York Rangers") has words the side does not.
  const sides = p.sides.map((s) => s.toLowerCase());
  const teamSide = (e: PropEntity): boolean => {
    // A country read under its own name from a side written another way ("Czechia" read as the Czech Republic).
    // A club named with its country's adjective ("Al Ittihad Saudi Club") is no place condition either.
    if (e.group === 'place') return sides.includes(e.label.toLowerCase()) || (e.key.startsWith('country:') && p.sides.some((s) => sameSide(s, e.label) || (s.includes(' ') && s.toLowerCase().split(/\s+/).includes(e.label.toLowerCase().split(/\s+/)[0] ?? ''))));
    if (e.group !== 'team') return false;
    if (e.nickname && e.nickname.split(/\s+/).every((w) => words.has(w))) return true;
    return e.city !== undefined && sides.some((s) => s === e.city || s === `${e.city} ${(e.nickname ?? '').charAt(0)}`);
  };
  return {
    ...p,
    entities: p.entities.filter((e) => !inSide(e.label) && !teamSide(e) && !words.has(e.key.slice(e.key.indexOf(':') + 1))),
    words: p.words.filter((w) => !words.has(w)),
    selected: [],
    versus: [],
  };
}
