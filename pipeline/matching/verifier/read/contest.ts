/**
 * Contests: a game ("A vs. B", Kalshi "A at B Winner?", "Will A win on 2026-02-01?") or a
 * head-to-head comparison ("Will Nvidia outperform Apple?", "A vs. B: which does better?"). What a
 * market asks of a contest is its sides, the side its Yes picks, and whether the contest can end with
 * neither side winning (a draw): only when it cannot are the two sides' markets negations of each other.
 */
import type { PropEntity } from '../types.ts';
import { extractEntities } from './entities.ts';

/** "A vs. B", "A v B", "A @ B", Kalshi "A at B Winner?", "Will A win on 2026-10-05?": one game on one day. */
export const GAME_TITLE = /^[^?]{2,60}?\s(?:vs\.?|v\.?|versus|@)\s[^?]{2,80}$|^[^?]{2,40}\sat\s[^?]{2,40}\swinner\??$|^[^?]{2,40}\s(?:vs\.?|v\.?)\s[^?]{2,40}\swinner\??$|\bwins? on \d{4}-\d{2}-\d{2}\b/i;

/** Two subjects compared, the first picked: "A beats B", "A outperforms B", "A finishes ahead of B". */
const PICKS_FIRST = /\b(?:beats?|defeats?|win against|outperforms?|finish(?:es)? (?:ahead of|above)|do(?:es)? better than)\b/i;
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
 * never tied in practice. Anything else may be drawn as far as the verifier knows.
 */
const NO_DRAW = /\b(?:nba|wnba|nfl|mlb|nhl|ncaa[bf]?|college (?:football|basketball)|atp|wta|tennis|ufc|mma|lol|league of legends|lck|lpl|lec|cs2|counter-strike|dota|valorant|esports|baseball|basketball|hockey|world series|stanley cup|super bowl|innings?|overtime)\b/i;
const DRAWS = /\b(?:draw|tie|epl|premier league|la ?liga|serie a|bundesliga|ligue 1|eredivisie|mls|champions league|europa|conference league|uefa|fifa|soccer|fc|cf|cricket|test match|boxing)\b/i;

export type Draws = 'yes' | 'no' | 'unknown';

export interface ContestReading {
  /** A single game, played on one day. */
  readonly game: boolean;
  /** The entities on either side of a two-sided title (games and comparisons). */
  readonly versus: readonly string[];
  /** The side a contract picks: the entities of its label, or the subject of "A beats B" / "Will A win on …". */
  readonly selected: readonly string[];
  readonly draws: Draws;
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
  // "Will Austria win on 2026-10-04?": a country plays as its team; "Will the Democrat win?" picks no rival.
  const winsOn = beats ? null : /\bwins? on\b/i.exec(title);
  const verb = beats ?? winsOn;
  if (!verb) return [];
  // A country or a city plays as its team ("Will Austria win on …", "Will Kansas City beat Buffalo?").
  const rivals = entities.filter((e) => e.group !== 'party' && e.group !== 'org' && (firstAt.get(e.key) ?? Infinity) < verb.index);
  const nearest = rivals.sort((x, y) => (firstAt.get(y.key) ?? 0) - (firstAt.get(x.key) ?? 0))[0];
  return nearest ? [nearest.key] : [];
}

function drawsOf(text: string, entities: readonly PropEntity[], comparison: boolean): Draws {
  // The lexicon's teams all play leagues without draws (NFL, NBA, MLB, NHL).
  if (entities.some((e) => e.group === 'team')) return 'no';
  if (DRAWS.test(text)) return 'yes';
  if (NO_DRAW.test(text) || comparison) return 'no';
  return 'unknown';
}

export function readContest(title: string, label: string | null, text: string, entities: readonly PropEntity[], firstAt: ReadonlyMap<string, number>): ContestReading {
  const game = GAME_TITLE.test(title);
  // "outperform", "finish ahead of", "which does better": a comparison of two measures, never tied in practice.
  const comparison = !game && /\b(?:outperform|ahead of|better|more than)\b/i.test(title) && (PICKS_FIRST.test(title) || VERSUS.test(title));
  const contest = game || PICKS_FIRST.test(title);
  const twoSided = contest || comparison || VERSUS.test(title);
  return {
    game,
    versus: twoSided ? entities.filter((e) => e.group !== 'party').map((e) => e.key) : [],
    selected: selectedSide(title, label, entities, firstAt),
    draws: drawsOf(text, entities, comparison),
  };
}
