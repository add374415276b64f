/**
 * A sportsbook's positional outcome labels on a game titled by its pairing ("Boston Bruins – New York Rangers ·
 * Full Time Result" answered "1"): "1" is the first-named side, "2" the second, "X" the draw, and the double
 * chances "1X", "X2", "12" the negation of the one result they leave out. A three-way market (1X2, a full-time or
 * regular-time result, a 60-minute line, a double chance) is settled when regulation ends, so its side is read as
 * a regulation-time result ("Reg Time: Boston Bruins", as Kalshi labels its three-way games); a plain winner
 * market ("· Winner", "Moneyline") answered "1" is that side.
 */

/** The market's kind after the pairing: "A – B · Full Time Result", "A vs B: Double Chance", "A - B | 1X2". */
const KIND_SUFFIX = /\s*(?:·|:|\||—|\s-\s)\s*[^·:|—]*$/;
/** First-named side, then second; "at"/"@" titles name the away side first, so their positions are not read. */
const SIDES = /^(.+?)\s+(?:vs\.?|v\.?|versus|–|-)\s+(.+)$/i;
/** Said of the line itself, not only of a result market ("60 Minute Line", "(regular time)"): a named side is its regulation result. */
const REGULATION_LINE = /\b(?:regular[- ]time|regulation|60[- ]min(?:ute)?s?(?: line)?|3[- ]way|three[- ]way)\b/i;
/** A result market with a draw among its outcomes, or a line said to be regulation time. */
const THREE_WAY = new RegExp(String.raw`${REGULATION_LINE.source}|\b(?:1x2|full[- ]time(?: result)?|match result|double chance)\b`, 'i');
const POSITIONAL = /^(?:1|2|x|1x|x2|12)$/i;

export interface PositionalReading {
  /** The label read as a side, a draw, or a regulation-time side ("Reg Time: A"). */
  readonly label: string;
  /** A double chance: the question is the one result it leaves out, negated. */
  readonly negated: boolean;
}

/** "2 (+1.5)", "1 -1.5": a side by its position, with its handicap. */
const POSITIONAL_HANDICAP = /^([12])\s*\(?\s*([+-]\s*\d+(?:\.\d+)?)\s*\)?$/;

/** A code given with its market's kind, "Winner (incl. overtime): 1", "Double Chance: 1X": the kind belongs to the title. */
const KIND_AND_CODE = /^([^:]{3,60}):\s*(1|2|x|1x|x2|12)$/i;
/** The same with the kind after the code: "1 (Winner incl. overtime)", "12 (Double Chance)". */
const CODE_AND_KIND = /^(1|2|x|1x|x2|12)\s*\(([^)]*[a-z][^)]*)\)$/i;
/** Azuro's handicap selections: "Handicap 1 (-1.5)", "Handicap 2 (+0.5)". */
const NAMED_HANDICAP = /^(?:asian\s+)?handicap\s*([12])\s*\(\s*([+-]?\s*\d+(?:\.\d+)?)\s*\)$/i;

const GAME_RESULT_KIND = /^(?:match |game )?(?:winner|moneyline|money line|full[- ]time result|match result|result|1x2|double chance)(?:\s*\((?:incl\.?|including) (?:overtime|ot|extra time)\))?$/i;

export function positionalLabel(title: string, label: string | null): PositionalReading | null {
  const trimmedLabel = label?.trim() ?? '';
  const named = NAMED_HANDICAP.exec(trimmedLabel);
  if (named) {
    const line = (named[2] ?? '').replace(/\s+/g, '');
    return positionalLabel(title, `${named[1]} (${/^[+-]/.test(line) ? line : `+${line}`})`);
  }
  const kindFirst = KIND_AND_CODE.exec(trimmedLabel);
  const codeFirst = kindFirst ? null : CODE_AND_KIND.exec(trimmedLabel);
  const withKind = kindFirst ? [kindFirst[1], kindFirst[2]] : codeFirst ? [codeFirst[2], codeFirst[1]] : null;
  if (withKind) {
    const kind = (withKind[0] ?? '').trim();
    const inner = positionalLabel(`${title} · ${kind}`, withKind[1] ?? null);
    // The game's result names its side alone; a part of the game ("Map 1 Winner", "Half Time Result") keeps its part.
    return inner && !GAME_RESULT_KIND.test(kind) ? { label: `${kind}: ${inner.label}`, negated: inner.negated } : inner;
  }
  const handicap = POSITIONAL_HANDICAP.exec(label?.trim() ?? '');
  const code = handicap ? (handicap[1] ?? '') : (label?.trim() ?? '');
  if (code === '' || /^reg(?:ulation)?\.?\s*time\b/i.test(code)) return null;
  const trimmed = title.trim();
  const kind = KIND_SUFFIX.exec(trimmed);
  const pairingOf = (text: string): RegExpExecArray | null => SIDES.exec(text.replace(/\s*\((?:bo\d|best of \d+)\)\s*$/i, ''));
  // Azuro titles a game by its pairing alone ("Arsenal - Chelsea"): its dash is the pairing's, not a kind's.
  const sides = (kind ? pairingOf(trimmed.slice(0, kind.index)) : null) ?? pairingOf(trimmed);
  const first = sides?.[1]?.trim();
  const second = sides?.[2]?.trim();
  if (!first || !second) return null;
  const upper = code.toUpperCase();
  // A handicap's side keeps its line ("Colorado Avalanche +1.5"), read as a margin question elsewhere.
  if (handicap) return { label: `${upper === '1' ? first : second} ${(handicap[2] ?? '').replace(/\s+/g, '')}`, negated: false };
  // A side or the draw named on a three-way line ("(60 Minute Line)" answered "Toronto Maple Leafs") is its
  // regulation-time result; a named side anywhere else is left as it is.
  if (!POSITIONAL.test(code)) {
    if (!REGULATION_LINE.test(trimmed)) return null;
    const lower = code.toLowerCase();
    if (/^(?:draw|tie)$/.test(lower)) return { label: 'Reg Time: Draw', negated: false };
    const isSide = [first, second].some((s) => s.toLowerCase().includes(lower) || lower.includes(s.toLowerCase()));
    return isSide ? { label: `Reg Time: ${code}`, negated: false } : null;
  }
  const threeWay = upper.includes('X') || upper === '12' || THREE_WAY.test(trimmed);
  const side = (name: string): string => (threeWay ? `Reg Time: ${name}` : name);
  const draw = threeWay ? 'Reg Time: Draw' : 'Draw';
  switch (upper) {
    case '1':
      return { label: side(first), negated: false };
    case '2':
      return { label: side(second), negated: false };
    case 'X':
      return { label: draw, negated: false };
    case 'X2':
      return { label: side(first), negated: true };
    case '1X':
      return { label: side(second), negated: true };
    default:
      return { label: draw, negated: true };
  }
}
