/**
 * A championship whose two finalists come one from each half of a league: the Super Bowl (AFC or NFC), the
 * NBA Finals and the Stanley Cup (East or West), the World Series (American or National League). Which half
 * wins has exactly two answers, so venues ask it three ways that all read as one question here:
 * "Which conference will win Super Bowl LXI?" answered "AFC", "Super Bowl LXI: Winning Conference" answered
 * "NFC", and "Will an NFC team win Super Bowl LXI?". Each becomes "Will AFC win the Super Bowl LXI?", negated
 * when the half named is the other one, so one half's win is the identity of the same half's win and the
 * complement of the other half's.
 */

/**
 * Each half, lower case, with the name its question is rewritten to and whether it is the negated half. The names
 * are written as one token ("East-Conf", not "the Eastern Conference", which reads as a conference's own title)
 * so that a question about a team ("Will the Thunder win the NBA Finals?") differs from it by its subject.
 */
const HALVES: Readonly<Record<string, { readonly canonical: string; readonly other: boolean }>> = {
  afc: { canonical: 'AFC', other: false },
  nfc: { canonical: 'AFC', other: true },
  east: { canonical: 'East-Conf', other: false },
  eastern: { canonical: 'East-Conf', other: false },
  west: { canonical: 'East-Conf', other: true },
  western: { canonical: 'East-Conf', other: true },
  al: { canonical: 'AL', other: false },
  american: { canonical: 'AL', other: false },
  nl: { canonical: 'AL', other: true },
  national: { canonical: 'AL', other: true },
};

const HALF = String.raw`(AFC|NFC|East(?:ern)?|West(?:ern)?|AL|NL|American|National)(?:\s+(?:Conference|League))?`;

/** The championships decided between the two halves; anything else ("the war", "the AFC West") is not read. */
const FINAL = /\b(?:super bowl|nba finals|nba (?:title|championship)|stanley cup|world series|pro (?:football|basketball|hockey|baseball) championship)\b/i;

/** "Which conference will win Super Bowl LXI?", "What league wins the 2027 World Series". */
const WHICH = /^(?:which|what)\s+(?:conference|league)\s+(?:will\s+)?wins?\s+(?:the\s+)?(.+?)\??$/i;
/** "Super Bowl LXI: Winning Conference", "NBA 2026/27 - Champion Conference", "MLB 2027 - World Series Winning League". */
const NAMED = /^(.+?)\s*(?:[:\-–—]\s*)?(?:winning|champion(?:ship)?)\s+(?:conference|league)\??$/i;
/** "Will an NFC team win Super Bowl LXI?", "Will the AFC champion win …", "Will a Western Conference team win …". */
const WILL = new RegExp(String.raw`^will\s+(?:an?|the)\s+${HALF}\s+(?:team|champions?|club|side|representative)?\s*win\s+(?:the\s+)?(.+?)\??$`, 'i');
/** "West wins the 2027 NBA Finals?", "AFC to win Super Bowl LXI?". */
const STATED = new RegExp(String.raw`^(?:the\s+)?${HALF}\s+(?:team\s+)?(?:wins|to win)\s+(?:the\s+)?(.+?)\??$`, 'i');
/** A label naming a half: "AFC", "Eastern Conference", "National League", "American". */
const LABEL = new RegExp(String.raw`^${HALF}$`, 'i');

export interface HalfQuestion {
  readonly title: string;
  /** True when the market pays on the canonical half's loss (it names the other half). */
  readonly other: boolean;
}

/** A league's championship, for an event named by its league and season only ("NBA 2026/27 - Champion Conference"). */
const FINAL_OF_LEAGUE: Readonly<Record<string, string>> = { nfl: 'Super Bowl', nba: 'NBA Finals', nhl: 'Stanley Cup', mlb: 'World Series' };

function question(half: string, event: string): HalfQuestion | null {
  const h = HALVES[half.toLowerCase()];
  let final = event.replace(/\s*[:\-–—]\s*/g, ' ').trim();
  const league = /^(nfl|nba|nhl|mlb)\b/i.exec(final)?.[1]?.toLowerCase();
  if (!FINAL.test(final) && league) final = `${final} ${FINAL_OF_LEAGUE[league]}`;
  if (!h || !FINAL.test(final)) return null;
  return { title: `Will ${h.canonical} win the ${final}?`, other: h.other };
}

/**
 * The question of a market about which half of a league wins its championship, or null when it asks something
 * else. `title` and `outcome` are cleaned already; a binary market's own Yes or No is left to the caller.
 */
export function halfOfLeagueWins(title: string, outcome: string): HalfQuestion | null {
  const label = LABEL.exec(outcome.trim());
  if (label?.[1]) {
    const event = WHICH.exec(title)?.[1] ?? NAMED.exec(title)?.[1];
    return event ? question(label[1], event) : null;
  }
  const m = WILL.exec(title) ?? STATED.exec(title);
  return m?.[1] && m[2] ? question(m[1], m[2]) : null;
}
