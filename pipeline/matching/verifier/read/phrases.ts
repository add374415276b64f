import { COUNTRIES, OTHER_COUNTRIES } from '../../../../shared/text/places.ts';
import { readPatterns } from '../lexicon/dataFile.ts';
import { holidaysAsDays } from './holidays.ts';

/**
 * Phrase-level normalisation and the tables of "what kind of thing happens": the prize or
 * competition a market is about, and the action it asks about. Venues name the same prize in
 * house styles (Kalshi "Pro Football Champion?" is Polymarket's "win Super Bowl 2026?"), so
 * those phrasings are rewritten to one before anything else reads the title.
 */

/** Venue house styles, abbreviations and negations without "not", rewritten to one spelling (title and label). */
const REWRITES = readPatterns('rewrites.json');

/** "Leave mainland China" is a trip abroad, not leaving an office. */
const LEAVE_COUNTRY = new RegExp(String.raw`\bleav(?:e|es|ing)\s+(?:mainland\s+|the\s+)?(?=(?:${COUNTRIES.join('|')})\b)`, 'gi');

/** One pass to tell whether any rewrite applies, so most titles skip the list. */
const ANY_REWRITE = new RegExp(REWRITES.map(([re]) => re.source).join('|'), 'i');

/** "US-Iran deal", "Israel-Syria pact": two countries joined by a hyphen are two parties, not one name. */
const PAIRED_COUNTRIES = [...COUNTRIES, ...Object.keys(OTHER_COUNTRIES)].filter((n) => !n.includes('-')).sort((x, y) => y.length - x.length).join('|');
const COUNTRY_PAIR = new RegExp(String.raw`\b(US|USA|${PAIRED_COUNTRIES})-(${PAIRED_COUNTRIES}|US)\b`, 'g');

export function rewritePhrases(text: string): string {
  const days = holidaysAsDays(text);
  let out = days.includes('-') ? days.replace(COUNTRY_PAIR, '$1 and $2') : days;
  if (ANY_REWRITE.test(out)) for (const [re, to] of REWRITES) out = out.replace(re, to);
  return /\bleav/i.test(out) ? out.replace(LEAVE_COUNTRY, 'travel from ') : out;
}

/**
 * "Will Powell be Fed Chair on June 1?", "... be Chancellor through 2027?", "... at the end of 2027?", "hold the office of
 * Speaker on 2/1/2027": holding a role on a day, or through one, is a stay, like "remain"; "is no longer Chancellor on
 * 31 Dec 2027" is the same stay negated.
 */
const HOLDS_ROLE = /\b(?:be|is|hold the (?:office|post|position) of|serve as) (?:no longer |not |still )?(?:the )?(?:[A-Z][\w.'-]* )*(?:president|prime minister|pm|chair(?:man)?|secretary|ceo|governor|speaker|leader|chancellor|bundeskanzler|mayor|attorney general|director|justice|manager|head coach)\b/i;

/** Kalshi's bare form, a name then the office: "Orbán Prime Minister of Hungary on June 30, 2026?", "VDL not Commission President on 1 Jan 2028". */
const NAMED_ROLE = /^(?:\p{Lu}[\p{L}.'’-]*\s){1,3}(?:still\s|not\s|no longer\s)?(?:the\s)?(?:\p{Lu}[\p{L}]*\s)?(?:[Pp]resident|[Pp]rime [Mm]inister|PM|[Cc]hair(?:man)?|CEO|[Gg]overnor|[Ss]peaker|[Cc]hancellor|[Mm]ayor|[Ss]ecretary)\b/u;

export function holdsRoleOnDay(title: string): boolean {
  return (HOLDS_ROLE.test(title) || NAMED_ROLE.test(title)) && /\b(?:on|through|thru|at the (?:end|start) of|as of)\b/i.test(title);
}

/** Accents dropped so "Iván" meets "Ivan" and names key the same on every venue. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Titles and trophies. Two markets naming different ones ask different questions
 * ("Super Bowl" vs "NFC Championship", "Offensive" vs "Defensive Rookie of the Year").
 */
export const TITLE_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bsuper ?bowl\b(?! mvp)/i, 'super-bowl'],
  // "Win the AFC" is the conference title; "win the AFC West" a division's (read below).
  [/\bnfc (?:championship|title|champion)\b|\bwins? the nfc\b(?! (?:east|west|north|south)\b)/i, 'nfc'],
  [/\bafc (?:championship|title|champion)\b|\bwins? the afc\b(?! (?:east|west|north|south)\b)/i, 'afc'],
  // Kalshi's house name for the NBA Finals: "2027 Pro Basketball Finals", "Pro Basketball Champion".
  [/\bnba finals\b|\bpro basketball (?:finals|champion(?:ship)?)\b/i, 'nba-finals'],
  // The in-season tournament is its own trophy, never the championship.
  [/\bnba cup\b|\bin-season tournament\b/i, 'nba-cup'],
  [/\bwnba (?:finals|championship|title|champions?)\b/i, 'wnba-finals'],
  // A division title is a step to the pennant or the conference, never it ("NL West" is not the NL pennant).
  ...['al', 'nl', 'afc', 'nfc'].flatMap((league) =>
    ['east', 'central', 'west', 'north', 'south'].map((part) => [new RegExp(`\\b${league} ${part}\\b`, 'i'), `${league}-${part}`] as const),
  ),
  [/\b(atlantic|central|southeast|northwest|pacific|southwest|metropolitan) division\b/i, 'division'],
  [/\b(?:nba )?western conference\b/i, 'west-conference'],
  [/\b(?:nba )?eastern conference\b/i, 'east-conference'],
  [/\bworld series\b/i, 'world-series'],
  // A league's pennant (ALCS, NLCS) and a conference title are steps to the championship, never it.
  [/\bpennant\b|\balcs\b|\bnlcs\b|\b(?:american|national) league (?:champion(?:ship|s)?|winner)\b|\b(?:al|nl) (?:champion(?:ship|s)?|winner)\b/i, 'pennant'],
  [/\bconference (?:title|championship|champions?)\b/i, 'conference-title'],
  [/\bstanley cup\b/i, 'stanley-cup'],
  [/\b(?:english )?premier league\b|\bepl\b/i, 'premier-league'],
  [/\bchampions league\b|\bucl\b/i, 'champions-league'],
  [/\beuropa league\b/i, 'europa-league'],
  [/\b(?:europa |uefa )?conference league\b|\buecl\b/i, 'conference-league'],
  [/\bla ?liga\b/i, 'la-liga'],
  [/\bworld cup\b/i, 'world-cup'],
  [/\beuro \d{4}\b|\beuropean championship\b/i, 'euro'],
  [/\bafrica cup of nations\b|\bafcon\b/i, 'afcon'],
  [/\bcopa am[eé]rica\b/i, 'copa-america'],
  [/\bconstructors'? (?:championship|champion|title)\b/i, 'f1-constructors'],
  [/\bdrivers'? (?:championship|champion|title)\b/i, 'f1-drivers'],
  [/\bbundesliga\b/i, 'bundesliga'],
  [/\bserie a\b/i, 'serie-a'],
  [/\bligue 1\b/i, 'ligue-1'],
  [/\bncaa tournament\b|\bmarch madness\b/i, 'ncaa-tournament'],
  // Golf and tennis majors: the same player in another major is another question.
  [/\bpga championship\b/i, 'pga-championship'],
  [/\bmasters 1000\b/i, 'masters-1000'],
  [/\bgrand slam\b/i, 'grand-slam'],
  [/\b(?:the )?masters(?: tournament)?\b(?! 1000)/i, 'masters'],
  [/\bu\.?s\.? open\b/i, 'us-open'],
  [/\bopen championship\b|\bbritish open\b/i, 'open-championship'],
  [/\bwimbledon\b/i, 'wimbledon'],
  [/\bfrench open\b|\broland[- ]garros\b/i, 'french-open'],
  [/\baustralian open\b/i, 'australian-open'],
  // League of Legends' two international events: the World Championship ("Worlds") and the Mid-Season Invitational.
  [/\b(?:league of legends|lol) world championship\b|\b(?:lol )?worlds 20\d\d\b/i, 'lol-worlds'],
  [/\bmid-season invitational\b|\bmsi\b/i, 'lol-msi'],
  // Award ceremonies: an Oscar is not a Golden Globe.
  // "Oscar Piastri" is a driver: an Oscar followed by a capitalised surname is a person, not the award.
  [/\b(?:Oscars?|oscars?|OSCARS?)\b(?!\s+(?!(?:Best|Winners?|Nominations?|Nominees?|Awards?|Night|Ceremony|Race|Predictions?|For)\b)\p{Lu}\p{Ll})/u, 'oscars'],
  [/\bacademy awards?\b/i, 'oscars'],
  [/\bgolden globes?\b/i, 'golden-globes'],
  [/\bgrammys?\b|\bgrammy awards?\b/i, 'grammys'],
  [/\bemmys?\b|\bemmy awards?\b/i, 'emmys'],
  [/\bgame awards\b/i, 'game-awards'],
  [/\bgolden joysticks?\b|\bgolden joystick awards\b/i, 'golden-joysticks'],
  [/\bbafta\b|\bbaftas\b/i, 'baftas'],
  [/\bnobel\b/i, 'nobel'],
];

/** Individual awards: a market about one award never matches a market about another or none. */
export const AWARD_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\boffensive rookie of the year\b|\boroty?\b/i, 'oroy'],
  [/\bdefensive rookie of the year\b|\bdroty?\b/i, 'droy'],
  [/\bcomeback player of the year\b/i, 'cpoy'],
  [/\bdefensive player of the year\b|\bdpoy\b/i, 'dpoy'],
  [/\boffensive player of the year\b|\bopoy\b/i, 'opoy'],
  [/\bcoach of the year\b/i, 'coy'],
  [/\bprotector of the year\b/i, 'protector'],
  [/\bsixth man\b/i, 'sixth-man'],
  [/\bmost improved\b/i, 'mip'],
  [/\bcy young\b/i, 'cy-young'],
  [/\bheisman\b/i, 'heisman'],
  [/\bballon d'?or\b/i, 'ballon-dor'],
  // The Ballon d'Or ceremony's other trophies are awards of their own ("Ballon d'Or 2027 — Kopa Trophy").
  [/\bkopa trophy\b|\btroph[ée]e kopa\b/i, 'kopa-trophy'],
  [/\byashin trophy\b/i, 'yashin-trophy'],
  [/\bgerd m[üu]ller trophy\b/i, 'gerd-muller-trophy'],
  [/\bjohan cruyff trophy\b/i, 'cruyff-trophy'],
  [/\bfinals mvp\b/i, 'finals-mvp'],
  [/\bsuper ?bowl mvp\b/i, 'super-bowl-mvp'],
  [/(?<!\bfinals |\bbowl )\bmvp\b/i, 'mvp'],
  // "Who will be the first Cabinet member to leave?", "which leader leaves office next": a race, not a deadline.
  [/\b(?:first|next)\b.{0,40}\bto (?:leave|be|win|exit|go|announce|reach|hit|get|die|resign)\b|\b(?:leave|leaves|out|exit)\b.{0,20}\bnext\b|\bwho.{0,10} (?:first|next)\b/i, 'ordinal-race'],
  [/\bpopular vote\b/i, 'popular-vote'],
  // Categories of film, music, TV and game awards and Nobel prizes (Kalshi writes "2026 Supporting Actress Oscar nominations?").
  [/\bbest picture\b/i, 'best-picture'],
  [/\bbest director\b|\bbest directing\b/i, 'best-director'],
  [/\bbest (?:lead(?:ing)? )?actor\b|\bactor in a leading role\b/i, 'best-actor'],
  [/\bbest (?:lead(?:ing)? )?actress\b|\bactress in a leading role\b/i, 'best-actress'],
  [/\b(?:best )?supporting actor\b|\bactor in a supporting role\b/i, 'best-supporting-actor'],
  [/\b(?:best )?supporting actress\b|\bactress in a supporting role\b/i, 'best-supporting-actress'],
  [/\b(?:best )?original screenplay\b/i, 'original-screenplay'],
  [/\b(?:best )?adapted screenplay\b/i, 'adapted-screenplay'],
  [/\bbest screenplay\b/i, 'screenplay'],
  [/\bbest animated\b|\banimated feature\b/i, 'best-animated'],
  // The Academy renamed Best Foreign Language Film to Best International Feature Film in 2020.
  [/\bbest international\b|\binternational feature\b|\bbest foreign language film\b/i, 'best-international'],
  [/\balbum of the year\b|\baoty\b/i, 'album-of-year'],
  [/\brecord of the year\b/i, 'record-of-year'],
  [/\bsong of the year\b|\bsoty\b/i, 'song-of-year'],
  [/\bbest new artist\b|\bbna\b/i, 'best-new-artist'],
  [/\bgame of the year\b|\bgoty\b/i, 'game-of-year'],
  [/\boutstanding drama\b|\bbest drama series\b|\bbest (?:television|tv) series\s*[-–—:]\s*drama\b/i, 'drama-series'],
  [/\boutstanding comedy\b|\bbest comedy series\b/i, 'comedy-series'],
  [/\boutstanding limited\b/i, 'limited-series'],
  [/\bpeace prize\b|\bnobel peace\b/i, 'nobel-peace'],
  [/\bnobel (?:prize )?(?:in )?(?:physics|chemistry|medicine|literature|economics)\b/i, 'nobel-other'],
  [/\bperson of the year\b|\btime(?:'s|’s)?\s+poy\b/i, 'person-of-year'],
];

/** Rookie of the year with no side named: a different award from either named one. */
const GENERIC_ROOKIE = /\brookie of the year\b|\broty?\b/i;

export function namedTitles(text: string): string[] {
  return TITLE_PHRASES.filter(([re]) => re.test(text)).map(([, id]) => id);
}

export function namedAwards(text: string): string[] {
  const out = AWARD_PHRASES.filter(([re]) => re.test(text)).map(([, id]) => id);
  if (!out.includes('oroy') && !out.includes('droy') && GENERIC_ROOKIE.test(text)) out.push('roy');
  return out;
}

/**
 * What happens, by canonical word. Two markets that each name an action and share none ask
 * about different events ("invade" vs "blockade", "visit" vs "acquire"). Leaving and staying,
 * winning and losing stay in one group: they are complements, told apart elsewhere.
 */
export const ACTION_GROUPS: Readonly<Record<string, string>> = {
  invade: 'invade', invaded: 'invade', invasion: 'invade',
  blockade: 'blockade', blockades: 'blockade',
  strike: 'strike', attack: 'strike', military: 'strike', airstrike: 'strike', airstrikes: 'strike', bomb: 'strike', bombs: 'strike',
  visit: 'visit', trip: 'visit',
  acquire: 'acquire', acquires: 'acquire', acquisition: 'acquire', purchase: 'acquire', purchases: 'acquire', buy: 'acquire', buys: 'acquire', annex: 'acquire', annexes: 'acquire',
  release: 'release',
  leave: 'tenure', out: 'tenure', remain: 'tenure', fired: 'tenure', exit: 'tenure', depart: 'tenure', replaced: 'tenure',
  win: 'win', lose: 'win', control: 'win', take: 'win', takes: 'win', flip: 'win', flips: 'win',
  nomination: 'nominate', pick: 'nominate', picks: 'nominate',
  confirm: 'confirm', confirmation: 'confirm',
  pardon: 'pardon', commute: 'commute', commutes: 'commute', commutation: 'commute',
  travel: 'visit', travels: 'visit', traveling: 'visit',
  sell: 'sell', sold: 'sell', sale: 'sell',
  deport: 'deport',
  ceasefire: 'ceasefire',
  merge: 'merge', merger: 'merge',
  collapse: 'collapse', falls: 'collapse', fall: 'collapse', overthrown: 'collapse',
  override: 'override',
  veto: 'veto', vetoe: 'veto',
  sentence: 'sentence',
  convict: 'convict', indict: 'indict', impeach: 'impeach', arrest: 'arrest', arrested: 'arrest',
  die: 'die', dies: 'die', death: 'die', dead: 'die',
  marry: 'marry', married: 'marry', engage: 'engage', engagement: 'engage', engaged: 'engage',
  colonize: 'colonize', colonise: 'colonize', colony: 'colonize',
  recession: 'recession', shutdown: 'shutdown', shut: 'shutdown', default: 'default',
  testify: 'testify', testimony: 'testify',
  cut: 'rate-move', hike: 'rate-move',
};

export function actionsOf(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const g = Object.hasOwn(ACTION_GROUPS, w) ? ACTION_GROUPS[w] : undefined; // not the prototype's ("constructor")
    if (g) out.add(g);
  }
  // "Hold" is a rate decision next to rates, and keeping control next to seats or chambers.
  if (words.includes('hold')) out.add(words.includes('rate') || words.includes('fed') || words.includes('decision') ? 'rate-move' : 'win');
  return [...out];
}
