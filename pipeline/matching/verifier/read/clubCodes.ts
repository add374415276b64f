/**
 * Whether a Kalshi football club code ("BAR", "RMA") can stand for a club a market names. Codes that are
 * not the start of the club's name are data (`lexicon/data/clubCodes.json`); any other code fits only as
 * the start of the name's first word, three letters or more ("SEV" Sevilla), and never when that word starts
 * many clubs' names ("Real", "Manchester"), so a short, foreign or ambiguous code fits nobody and the pair is
 * refused rather than guessed.
 */
import { readLexicon } from '../lexicon/dataFile.ts';

interface ClubFile {
  readonly codes: Readonly<Record<string, readonly string[]>>;
  readonly sharedFirstWords: readonly string[];
}
const CLUBS = readLexicon<ClubFile>('clubCodes.json');
const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z ]/g, '').trim();

const SHARED = new Set(CLUBS.sharedFirstWords.map((w) => fold(w)));

export function clubCodeFits(code: string, name: string): boolean {
  const c = code.toUpperCase();
  const n = fold(name);
  const known = CLUBS.codes[c];
  if (known) return known.some((k) => fold(k) === n);
  const first = n.split(/\s+/)[0] ?? '';
  // "Real", "Manchester", "Inter" start many clubs' names: a code made from them cannot say which.
  if (SHARED.has(first)) return false;
  return c.length >= 3 && /^[A-Z]+$/.test(c) && first.startsWith(c.toLowerCase());
}

/** Each listed name, folded once, with the codes of the clubs it names (sides are compared on every candidate pair). */
const CLUBS_BY_NAME = new Map<string, string[]>();
for (const [code, names] of Object.entries(CLUBS.codes)) for (const n of names) CLUBS_BY_NAME.set(fold(n), [...(CLUBS_BY_NAME.get(fold(n)) ?? []), code]);

/** Both names are names the table lists for one club ("Newcastle" and "Newcastle United", "Atletico" and "Atlético Madrid"). */
export function sameListedClub(x: string, y: string): boolean {
  const cx = CLUBS_BY_NAME.get(fold(x));
  const cy = cx ? CLUBS_BY_NAME.get(fold(y)) : undefined;
  return Boolean(cx && cy && cx.some((c) => cy.includes(c)));
}

const ANY_CLUB = new RegExp(`\\b(?:${Object.values(CLUBS.codes).flat().map(fold).filter((n) => n.length >= 4).sort((x, y) => y.length - x.length).join('|')})\\b`);

/** A football club the table lists is named: its games can be drawn. */
export function namesListedClub(text: string): boolean {
  return ANY_CLUB.test(fold(text.replace(/[^\p{L}\s]/gu, ' ')));
}
