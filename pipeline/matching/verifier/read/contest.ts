/**
 * Contests: a game ("A vs. B", Kalshi "A at B Winner?", "Will A win on 2026-02-01?") or a
 * head-to-head comparison ("Will Nvidia outperform Apple?", "A vs. B: which does better?"). What a
 * market asks of a contest is its sides, the side its Yes picks, and whether the contest can end with
 * neither side winning (a draw): only when it cannot are the two sides' markets negations of each other.
 */
import type { PropEntity } from '../types.ts';
import { namesListedClub } from './clubCodes.ts';
import { extractEntities } from './entities.ts';
import { CLUB_NAME_TAILS, disciplineOf } from '../lexicon/vocabulary.ts';

/**
 * "A vs. B", "A v B", "A @ B", Kalshi "A at B Winner?" and "Away at Home" (two capitalised places),
 * "Will A win on 2026-10-05?", "Will A vs. B end in a draw?": one game on one day.
 */
const GAME_TITLE = /^[^?]{2,60}?\s(?:vs\.?|v\.?|versus|@)\s[^?]{2,80}$|^[^?:]{2,80}:\s[^?:]{2,60}?\s(?:vs\.?|v\.?|versus|@)\s[^?]{2,80}$|^[^?]{2,40}\sat\s[^?]{2,40}\swinner\??$|^[^?]{2,40}\s(?:vs\.?|v\.?)\s[^?]{2,40}\swinner\??$|\bwins? on \d{4}-\d{2}-\d{2}\b|^(?:will )?.{2,60}\s(?:vs\.?|v\.?)\s.{2,60}?(?::\s*|\s)end in a draw\??$/i;
/** Kalshi's bare "Away at Home": capitalised places on both sides of "at", nothing else. */
// Words are separated by exactly one space: a word that may end where the next starts would let a long run of
// capitals split in millions of ways before the match fails (a hostile 600-character title took minutes).
const AWAY_AT_HOME = /^[A-Z][\w.'&-]*(?:\s[A-Z][\w.'&-]*){0,3}\sat\s[A-Z][\w.'&-]*(?:\s[A-Z][\w.'&-]*){0,3}$/;

/**
 * "Will Iga Swiatek win the Swiatek vs Gauff match?": a pairing named inside a question about winning it (not "win Game
 * of the Year at the 2025 Game Awards", where "at the" places an award).
 */
const WIN_THE_PAIRING = /\bwin (?:the )?(?:[\w.'-]+ ){1,4}(?:vs\.?|v\.?|at|@) (?!the\b)(?:[\w.'-]+ ){1,4}(?:match|game|fight|bout)\b/i;

/** A hyphen pairs two sides only when neither side is a year's edition or a market's kind ("FIFA World Cup 2026 - Winner"). */
const NOT_A_HYPHEN_PAIRING = /\b\d{4}\b|\s-\s(?:outright\s+)?(?:winner|1x2|champion|championship|constructors|drivers|top|to win|moneyline|futures?)\b/i;

function dashPairing(title: string): boolean {
  const t = title.trim();
  return DASH_PAIRING.test(t) && (t.includes('–') || !NOT_A_HYPHEN_PAIRING.test(t));
}

export function isGameTitle(title: string): boolean {
  return GAME_TITLE.test(title) || AWAY_AT_HOME.test(title.trim()) || WIN_THE_PAIRING.test(title) || dashPairing(title);
}

/** Two subjects compared, the first picked: "A beats B", "Will A win vs B?", "Will A win Map 1 vs B?", "Will A win Game 3 of the Finals against B?", "A outperforms B", "A finishes ahead of B", "A has a higher market cap than B". */
const PICKS_FIRST = /\b(?:beats?|defeats?|win against|advances? (?:past|vs\.?|against)|qualif(?:y|ies) (?:over|vs\.?|against)|progress(?:es)? past|gets? past|eliminates?|wins? (?:vs|v|versus)|wins? (?:map|game|set) [1-9](?: of (?:the )?(?:[\w'-]+ ){1,5}?)? ?(?:vs|v|versus|against)|outperforms?|finish(?:es)? (?:ahead of|above)|do(?:es)? better than|(?:have|has|be|is|end|ends|close|closes|finish|finishes)\s+(?:with\s+)?(?:a|the)?\s*(?:higher|larger|bigger|greater)\b[^?.]{0,40}?\bthan)\b/i;
const VERSUS = /\s(?:vs\.?|v\.?|versus)\s/i;

/** Contract labels that pick a side of the question itself rather than name one. */
const SIDE_LABELS: readonly (readonly [RegExp, string])[] = [
  [/^(?:up|higher|rise)$/i, 'side:up'],
  [/^(?:down|lower|fall)$/i, 'side:down'],
  [/^(?:draw|tie)$/i, 'side:draw'],
];

/**
 * Sports whose games always produce a winner (overtime, extra innings, shootouts, tie-breaks) and
 * those whose games may be drawn. A comparison of two prices or counts ("which does better") is
 * never tied in practice. A fight (UFC, boxing) can be drawn; anything else may be as far as the verifier knows.
 */
const NO_DRAW = /\b(?:nba|wnba|nfl|mlb|nhl|ncaa[bf]?|college (?:football|basketball)|atp|wta|tennis|wimbledon|roland[- ]garros|(?:australian|us|french) open|lol|league of legends|lck|lpl|lec|cs2|counter-strike|dota|valorant|rainbow six|r6|esports|bo[135]|baseball|basketball|hockey|world series|stanley cup|super bowl|innings?|overtime)\b/i;
const DRAWS = /\b(?:draw|tie|ufc|mma|epl|(?<!indian )premier league|la ?liga|serie a|bundesliga|ligue 1|eredivisie|mls|champions league|europa|conference league|uefa|fifa|soccer|fc|cf|cricket|test match|boxing)\b/i;

export type Draws = 'yes' | 'no' | 'unknown';

/** A sportsbook's "Home – Away · Market" ("Boston Bruins – New York Rangers · Full Time Result"): two names and a dash (en dash or hyphen). */
const DASH_PAIRING = /^[\p{Lu}\d][\p{L}\d.'&-]*(?:\s[\p{Lu}\d][\p{L}\d.'&-]*){0,4}\s[–-]\s[\p{Lu}\d][\p{L}\d.'&-]*(?:\s[\p{Lu}\d][\p{L}\d.'&-]*){0,4}(?:\s*[·(:]|$)/u;

/** The side phrases of a game title, as written ("Los Angeles L", "Spurs", "Brighton & Hove Albion FC"). */
function titleSides(title: string): string[] {
  let t = title.trim().replace(/\?+$/, '').replace(/\s+winner$/i, '').replace(/(?::\s*|\s+)end in a draw$/i, '').replace(/^will\s+/i, '');
  // "X vs. Y: O/U 2.5", "X vs. Y (Game 3)": what follows the pairing is not a side.
  // "X vs. Y · Total Goals", "X vs Y — Double Chance", "Nuggets vs Timberwolves: Jan 10": a market or a day after it neither.
  // "Warriors – Lakers Total Points": a sportsbook's market name run on after the second side with no separator.
  t = t.replace(/([^\s:·—–-])\s+(?:total (?:points|goals|runs|games|maps|rounds)|moneyline|point spread|match result|full[- ]time result|double chance)$/i, '$1');
  t = t.replace(/\s*(?::|·|—|–|\s-\s)\s*(?:(?:1h|2h|1st half|2nd half|first half|second half|q[1-4]|1q|2q|3q|4q)\s+)?(?:o\/u|over\/under|totals?|total goals|spread|handicap|asian handicap|moneyline|winner|draw|game \d+|double chance|both teams|btts|1x2|to qualify|to advance|match result|full[- ]time result)\b.*$/i, '')
    .replace(/\s*:\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b.*$/i, '')
    .replace(/\s*\([^)]*\)/g, ' ').trim();
  const vs = /\s(?:vs\.?|v\.?|versus|@)\s/i;
  const at = t.search(vs);
  // "NBA: X vs. Y", "World Series Game 4: Dodgers vs. Blue Jays": a prefix before the pairing names the setting.
  const colon = t.lastIndexOf(':', at >= 0 ? at : t.length);
  if (colon >= 0) t = t.slice(colon + 1).trim();
  const inside = /\bwin (?:the )?((?:[\w.'-]+ ){1,4}?)(?:vs\.?|v\.?|at|@) ((?:[\w.'-]+ ){0,3}[\w.'-]+) (?:match|game|fight|bout)\b/i.exec(t);
  if (inside?.[1] && inside[2]) return [inside[1].trim(), inside[2].trim()];
  const dashed = dashPairing(title) ? /^(.+?)\s[–-]\s(.+?)(?:\s*·.*)?$/.exec(t) : null;
  const pair = dashed ?? /^(.+?)\s(?:vs\.?|v\.?|versus|@)\s(.+)$/i.exec(t) ?? /^(.+?)\s+at\s+(.+)$/.exec(t);
  if (pair?.[1] && pair[2]) return [pair[1].trim(), pair[2].replace(/\s+[-–—]\s+.*$/, '').trim()];
  const winsOn = /^(.+?)\s+wins?\s+on\b/i.exec(t);
  return winsOn?.[1] ? [winsOn[1].trim()] : [];
}

/** The side a contract picks, as written: the label, "draw", or the subject of "Will A win on …" / "A beats B". */
const OTHER_MARKET_LABEL = /\b(?:clean sheet|both teams|to score|first (?:goal|scorer|basket|touchdown)|corners?|cards?|bookings?|total|exact score|correct score)\b/i;

function pickOf(title: string, label: string | null): string | null {
  if (label) {
    if (/^(?:draw|tie)$/i.test(label)) return 'draw';
    // A label that names another market of the game ("Aston Villa Clean Sheet: Yes", "Both Teams To Score: Yes") picks no side.
    return /^(?:over|under)\b/i.test(label) || OTHER_MARKET_LABEL.test(label) ? null : label;
  }
  // "Will A vs B end in a draw?", and Azuro's "A vs B — Draw" (the draw outcome of its full-time result).
  if (/\bend in a draw\b|\s[—–:-]\s*draw\s*\??$/i.test(title)) return 'draw';
  const m = /^(?:will\s+)?(?:the\s+)?(.+?)\s+(?:wins?\s+on|beats?|defeats?|win against|win the (?:[\w.'-]+ ){1,4}(?:vs\.?|v\.?|at|@)|wins?\s*\??$)/i.exec(title);
  return m?.[1] ? m[1].replace(/^.*[:–—-]\s+/, '').trim() : null;
}

export interface ContestReading {
  /** A single game, played on one day. */
  readonly game: boolean;
  /** The entities on either side of a two-sided title (games and comparisons). */
  readonly versus: readonly string[];
  /** The side a contract picks: the entities of its label, or the subject of "A beats B" / "Will A win on …". */
  readonly selected: readonly string[];
  readonly draws: Draws;
  /** The sides of a game as each venue writes them, and the side the contract picks ("draw" for a draw). */
  readonly sides: readonly string[];
  readonly pick: string | null;
  /** The event a game title names before its pairing ("Cincinnati Open: A vs B"), else null. */
  readonly setting: string | null;
}

/** Contract labels repeat across a venue ("Republican", "Yes", a candidate in many groups): read each once. */
const LABEL_CACHE = new Map<string, readonly PropEntity[]>();
const LABEL_CACHE_SIZE = 4096;

function labelEntities(label: string): readonly PropEntity[] {
  let found = LABEL_CACHE.get(label);
  if (!found) {
    found = extractEntities(label).entities;
    if (LABEL_CACHE.size >= LABEL_CACHE_SIZE) LABEL_CACHE.clear();
    LABEL_CACHE.set(label, found);
  }
  return found;
}

/**
 * A contract label names its pick; a binary question naming two rivals of one kind
 * ("Will the Chiefs beat the Eagles?", "Will Nvidia outperform Apple?") picks the first.
 */
function selectedSide(title: string, label: string | null, entities: readonly PropEntity[], firstAt: ReadonlyMap<string, number>): string[] {
  const side = label ? SIDE_LABELS.find(([re]) => re.test(label)) : undefined;
  if (side) return [side[1]];
  if (label) {
    // A label that is only a place ("Seattle", "Spain") picks that place, or the team playing for it.
    const picked = labelEntities(label);
    const things = picked.filter((e) => e.group !== 'place');
    return (things.length > 0 ? things : picked).map((e) => e.key);
  }
  const beats = PICKS_FIRST.exec(title);
  // "Alcaraz vs Sinner: will Alcaraz win?": after the pairing, the question names its pick (first mentions do not).
  // So does a short one after the colon: "UConn vs Villanova: Villanova win?", "...: Celtics to win?".
  const willWin = beats || !VERSUS.test(title) ? null : /\bwill\s+(?:the\s+)?([^?,:;]{1,60}?)\s+win\b/i.exec(title) ?? /:\s*(?:the\s+)?([^?,:;]{1,60}?)\s+(?:to\s+)?wins?\s*\??\s*$/i.exec(title);
  if (willWin?.[1]) {
    const named = labelEntities(willWin[1]).filter((e) => e.group !== 'party' && entities.some((x) => x.key === e.key));
    if (named.length === 1 && named[0]) return [named[0].key];
  }
  // "Will Austria win on 2026-10-04?": a country plays as its team; "Will the Democrat win?" picks no rival.
  const winsOn = beats ? null : /\bwins? on\b/i.exec(title);
  const verb = beats ?? winsOn;
  if (!verb) return [];
  // A country or a city plays as its team ("Will Austria win on …", "Will Kansas City beat Buffalo?").
  const rivals = entities.filter((e) => e.group !== 'party' && e.group !== 'org' && (firstAt.get(e.key) ?? Infinity) < verb.index);
  const nearest = rivals.sort((x, y) => (firstAt.get(y.key) ?? 0) - (firstAt.get(x.key) ?? 0))[0];
  if (!nearest) return [];
  // A name read word by word ("AS Roma": name:as, name:roma) is picked by its last word, the one venues keep.
  const last = nearest.label.toLowerCase().split(/\s+/).filter((w) => !CLUB_NAME_TAILS.has(w)).pop() ?? '';
  const head = rivals.find((e) => e.label === nearest.label && e.key.endsWith(`:${last}`));
  return [(head ?? nearest).key];
}

/** Advancing from a tie is settled whatever the score (extra time, penalties, aggregate): someone advances. */
const ADVANCES = /\bto advance\b|\badvances?\b|\bto qualify\b|\bqualif(?:y|ies)\b|\bprogress(?:es)? past\b|\beliminates?\b/i;

/** Kalshi series of leagues without draws, and of competitions whose games may be drawn. */
const NO_DRAW_SERIES = /^(?:NBA|WNBA|NFL|MLB|NHL|NCAAF|NCAAB|NCAAMB|NCAAWB|CFB|CBB|ATP|WTA|LOL|CS2|CSGO|DOTA|VALORANT|MLS?PLAYOFF|NBL|CBA|LNB|EUROLEAGUE|AHL|KHL|SHL)/;
const DRAW_SERIES = /^(?:EPL|LALIGA|SERIEA|BUNDESLIGA|LIGUE1|UCL|UEL|MLS|FIFA|WC|COPA|BRASILEIRO|EREDIVISIE|LIGAMX|UFC|BOXING|SOCCER)/;

/**
 * What a game's rules say when its title and series do not: "the final score including any overtime periods", a
 * basketball or hockey game. Words of a drawn result ("ends in a tie … 50-50") are not read: rules mention them
 * for cancellations too.
 */
export function drawsOfRules(description: string | null | undefined): Draws {
  if (!description) return 'unknown';
  if (/\b(?:90 minutes|regulation time|soccer|football club)\b/i.test(description)) return 'unknown';
  return /\b(?:including (?:any )?overtime|overtime (?:periods?|and shootouts?)|basketball|hockey|league of legends|valorant|counter-strike)\b/i.test(description) ? 'no' : 'unknown';
}

export function drawsOfSeries(series: string | null): Draws {
  if (!series) return 'unknown';
  return NO_DRAW_SERIES.test(series) ? 'no' : DRAW_SERIES.test(series) ? 'yes' : 'unknown';
}

function drawsOf(text: string, entities: readonly PropEntity[], comparison: boolean): Draws {
  // The lexicon's teams all play leagues without draws (NFL, NBA, MLB, NHL).
  if (entities.some((e) => e.group === 'team')) return 'no';
  if (ADVANCES.test(text)) return 'no';
  if (DRAWS.test(text) || namesListedClub(text)) return 'yes';
  if (NO_DRAW.test(text) || comparison) return 'no';
  return 'unknown';
}

/**
 * "Cincinnati Open: Tommy Paul vs Flavio Cobolli": the event before the colon, when a pairing follows it; and, after an
 * esports pairing, the tournament Polymarket names ("Counter-Strike: Vitality vs NAVI (BO3) - BLAST Open Spring 2027
 * Semifinal", its "(BO3)" dropped by the rewrites), unless that names the market instead ("- Game 1 Winner", "- Map 2").
 */
const TOURNAMENT_AFTER = /\s(?:vs\.?|v\.?|versus)\s[^:?]+?\s[-–—]\s([^?:]{3,80})$/i;
const MARKET_WORDS = /\b(?:game|map|winner|total|o\/u|over|under|handicap|spread|kills|rounds|first|score)\b/i;
function settingOf(title: string): string | null {
  const t = title.trim();
  const m = /^([^:?]{3,60}):\s*[^:?]{2,80}\s(?:vs\.?|v\.?|versus|@)\s/i.exec(t);
  const before = m?.[1] ? m[1].trim() : null;
  const after = disciplineOf(before) ? TOURNAMENT_AFTER.exec(t)?.[1]?.trim() : undefined;
  return before && after && !MARKET_WORDS.test(after) ? `${before} · ${after}` : before;
}

export function readContest(title: string, label: string | null, text: string, entities: readonly PropEntity[], firstAt: ReadonlyMap<string, number>): ContestReading {
  const game = isGameTitle(title);
  // "outperform", "finish ahead of", "which does better": a comparison of two measures, never tied in practice.
  const comparison = !game && /\b(?:outperform|ahead of|better|more than|higher|larger|bigger|greater)\b/i.test(title) && (PICKS_FIRST.test(title) || VERSUS.test(title));
  const contest = game || PICKS_FIRST.test(title);
  const twoSided = contest || comparison || VERSUS.test(title);
  return {
    game,
    versus: twoSided ? entities.filter((e) => e.group !== 'party').map((e) => e.key) : [],
    selected: selectedSide(title, label, entities, firstAt),
    draws: drawsOf(text, entities, comparison),
    sides: game ? titleSides(title) : [],
    pick: game ? pickOf(title, label) : null,
    setting: game ? settingOf(title) : null,
  };
}
