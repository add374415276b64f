/**
 * A game named by cities only ("Las Vegas at Seattle Winner?") is a game of every league in which
 * both cities field one team (Kalshi adds an initial where a city has two) and that plays in the game's month: the Aces at the Storm and the Raiders
 * at the Seahawks can fall on one August day. Matched against a partner whose league is known, such
 * a game links only when no other league fits; otherwise the title cannot say which game it is, and
 * a wrong link would be a fake arbitrage between two different games.
 */
import { readLexicon } from '../lexicon/dataFile.ts';
import type { Proposition } from '../types.ts';
import { teamsNamed } from './sides.ts';

const SEASONS = readLexicon<Record<string, readonly number[] | string>>('leagueSeasons.json');

/**
 * Whether the league plays in the month of any of the dates: a Kalshi close date can fall weeks after the game,
 * so every date either market gives is a month the game might be in (more leagues fit, fewer links).
 */
function inSeason(league: string, days: readonly string[]): boolean {
  const months = SEASONS[league];
  if (days.length === 0 || !Array.isArray(months)) return true;
  return days.some((day) => {
    const month = Number(day.slice(5, 7));
    return !Number.isInteger(month) || month < 1 || month > 12 || months.includes(month);
  });
}

/** Leagues in which every side names a team, playing in the month of one of the dates when any is known. */
export function leaguesFitting(sides: readonly string[], days: readonly string[]): ReadonlySet<string> {
  let fit: ReadonlySet<string> | null = null;
  for (const side of sides) {
    // A city with two teams in a league is written with an initial there ("Los Angeles L", "New York Y"),
    // so a bare city only names a league in which it fields exactly one team.
    const counts = new Map<string, number>();
    for (const t of teamsNamed(side)) counts.set(t.league, (counts.get(t.league) ?? 0) + 1);
    const of = new Set([...counts].filter(([, n]) => n === 1).map(([league]) => league));
    const before: ReadonlySet<string> | null = fit;
    fit = before === null ? of : new Set([...before].filter((l: string) => of.has(l)));
  }
  const all: readonly string[] = fit === null ? [] : [...fit];
  return new Set(all.filter((l) => inSeason(l, days)));
}

/** A league named in the market's own resolution text ("… the WNBA game …"), when it names exactly one. */
export function leagueInText(p: Proposition): string | null {
  const text = `${p.source.description ?? ''} ${p.source.rules ?? ''}`;
  const named = new Set([...text.matchAll(/\b(WNBA|NFL|NBA|MLB|NHL)\b/g)].map((m) => (m[1] ?? '').toLowerCase()));
  return named.size === 1 ? ([...named][0] ?? null) : null;
}

/**
 * The refusal for a game whose league is unknown (`sides` read without one) against a partner of `known`
 * league, when the sides fit another league on that day too, or only another; null when the partner's league is
 * the only fit (or the sides fit no league's teams, which the side comparison judges).
 */
export function ambiguousLeague(p: Proposition, sides: readonly string[], known: string, partner: Proposition): string | null {
  const days = [p.eventDay, partner.eventDay, p.endDate, partner.endDate].filter((d): d is string => typeof d === 'string' && d.length >= 7);
  const fit = leaguesFitting(sides, days);
  const around = days.length > 0 ? ` around ${[...new Set(days)].sort().join(', ')}` : '';
  if (fit.size === 0 || (fit.has(known) && fit.size < 2)) return null;
  // The partner's league is out of season then, though another league of the same cities plays.
  if (!fit.has(known)) return `league differs: ${sides.join(' / ')} play in ${[...fit].sort().join(', ')}${around}, not ${known}`;
  return `league cannot be told: ${sides.join(' / ')} field a game in ${[...fit].sort().join(', ')}${around}`;
}

/** Two games both named by cities only: the same cities may still be two leagues' games on one day. */
export function ambiguousBoth(a: Proposition, sides: readonly string[], b: Proposition): string | null {
  const days = [a.eventDay, b.eventDay, a.endDate, b.endDate].filter((d): d is string => typeof d === 'string' && d.length >= 7);
  const fit = leaguesFitting(sides, days);
  if (fit.size < 2) return null;
  return `league cannot be told: neither market names it, and ${sides.join(' / ')} field a game in ${[...fit].sort().join(', ')}`;
}
