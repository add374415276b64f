/**
 * "Win a majority" of a legislature whose size is known is a seat count: 326 or more seats of the House of Commons,
 * 218 of the US House. The phrase is rewritten as that count ("win 326 or more seats"), so it reads as the venue
 * that states the number does. Only where the title states no number of seats itself.
 */
import { readLexicon } from '../lexicon/dataFile.ts';

interface MajorityFile {
  readonly bodies: readonly { readonly body: string; readonly pattern: string; readonly seats: number }[];
}

const BODIES = readLexicon<MajorityFile>('majorities.json').bodies.map((b) => ({ ...b, re: new RegExp(b.pattern, 'i') }));
/** "win a majority", "secure an outright majority", "hold a majority": a party's own seats, not a coalition's. */
const WINS_MAJORITY = /\b(win|wins|won|secure|secures|hold|holds|get|gets)\s+(?:an?\s+)?(?:outright\s+|absolute\s+|overall\s+)?majority\b(?!\s+(?:of the )?(?:popular )?votes?\b)(?:\s+of (?:the )?seats\b)?/i;

/** The text with a majority of a known body written as its seat count; else as it is. */
export function majorityAsSeats(text: string): string {
  const m = WINS_MAJORITY.exec(text);
  if (!m || /\b\d+\s+(?:or more\s+)?seats\b/i.test(text)) return text;
  const body = BODIES.find((b) => b.re.test(text));
  return body ? text.replace(WINS_MAJORITY, `${m[1] ?? 'win'} ${body.seats} or more seats`) : text;
}
