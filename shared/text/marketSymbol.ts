/**
 * Turns exchange-style market symbols (Drift BET: "TRUMP-WIN-2024-BET", "FED-CUT-50-SEPT-2024-BET")
 * into a readable question, so symbol-only venues can be matched against titled ones.
 * Works from general token rules (entity codes, abbreviations by consonant skeleton, numbers with
 * units, months, years, event words), not from a list of known symbols.
 */
import { classifyTokens, type SymToken } from './symbolTokens.ts';
import { monthName, monthNumber } from './calendar.ts';

const SYMBOL_SHAPE = /^[A-Z0-9]+(?:\.\d+)?(?:-[A-Z0-9]+(?:\.\d+)?)+$/;
const NON_PREDICTION_SUFFIX = new Set(['PERP', 'SPOT', 'USD', 'USDC', 'USDT']);
const EVENT_WORDS = new Set(['WIN', 'CUT', 'HIKE', 'ABOVE', 'BELOW', 'REACH', 'POPULAR', 'FIGHT', 'CHAMPIONSHIP']);

function fmtMoney(value: number): string {
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

function fmtAmountShort(value: number): string {
  const units: readonly (readonly [number, string])[] = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M']];
  for (const [size, suffix] of units) if (value >= size && value % (size / 10) === 0) return `$${value / size}${suffix}`;
  return fmtMoney(value);
}

function period(t: readonly SymToken[]): string {
  const year = t.find((x) => x.kind === 'year');
  const month = t.find((x) => x.kind === 'month');
  if (month && month.kind === 'month') return ` in ${monthName(month.month)}${year && year.kind === 'year' ? ` ${year.year}` : ''}`;
  if (year && year.kind === 'year') return ` in ${year.year}`;
  return '';
}

function has(t: readonly SymToken[], word: string): boolean {
  return t.some((x) => x.kind === 'word' && x.word === word);
}

/** The presidential nominations a party's code names ("NEWSOM-DEM-NOM-2028-BET"). */
const PARTY_NOMINATION: Readonly<Record<string, string>> = { democrats: 'Democratic', republicans: 'Republican' };

/** "NEWSOM-DEM-NOM-2028-BET": a person, a party and NOM (or NOMINEE) ask for that party's nomination of that year. */
function nominationQuestion(t: readonly SymToken[]): string | null {
  if (!t.some((x) => x.text === 'NOM' || x.text === 'NOMINEE')) return null;
  const person = t.find((x) => x.kind === 'entity' && x.entityKind === 'person');
  const party = t.find((x) => x.kind === 'entity' && x.entityKind === 'party');
  const year = t.find((x) => x.kind === 'year');
  const partyName = party?.kind === 'entity' ? PARTY_NOMINATION[party.id] : undefined;
  if (person?.kind !== 'entity' || !partyName || year?.kind !== 'year') return null;
  return `Will ${person.display} win the ${year.year} ${partyName} presidential nomination?`;
}

function composeQuestion(t: readonly SymToken[]): string | null {
  const entity = t.find((x) => x.kind === 'entity');
  const nominated = nominationQuestion(t);
  if (nominated) return nominated;
  const unknown = t.filter((x) => x.kind === 'unknown').map((x) => (x.kind === 'unknown' ? x.display : ''));
  let subject = entity && entity.kind === 'entity' ? entity.display : unknown[0] ?? null;
  // Words no template reads ("BTC-ETH-FLIP"): spelled out whole, so nothing is silently dropped.
  if (unknown.length > (entity ? 0 : 1)) return generic(t);
  // "KAMALA-AND-WALZ-WIN": both named sides must happen, which is no single person's market.
  const and = t.findIndex((x) => x.kind === 'word' && x.word === 'AND');
  const second = and > 0 ? t[and + 1] : undefined;
  if (second?.kind === 'entity' && subject) subject = `both ${subject} and ${second.display}`;
  const year = t.find((x) => x.kind === 'year');
  const yearText = year && year.kind === 'year' ? `${year.year} ` : '';
  const league = t.find((x) => x.kind === 'league');
  const place = t.find((x) => x.kind === 'place');
  const amount = t.find((x) => x.kind === 'amount');
  const num = t.find((x) => x.kind === 'number');
  const duration = t.find((x) => x.kind === 'duration');
  if (!subject) return null;

  if (entity?.kind === 'entity' && entity.entityKind === 'org' && (has(t, 'CUT') || has(t, 'HIKE'))) {
    const verb = has(t, 'CUT') ? 'cut' : 'raise';
    const bps = num && num.kind === 'number' ? ` by ${num.value} bps` : '';
    return `Will ${subject} ${verb} rates${bps}${period(t)}?`;
  }
  if (entity?.kind === 'entity' && entity.entityKind === 'asset' && (amount || num)) {
    const value = amount?.kind === 'amount' ? amount.value : num?.kind === 'number' ? num.value : 0;
    if (has(t, 'BELOW')) return `Will ${subject} be below ${fmtMoney(value)}${period(t)}?`;
    if (has(t, 'ABOVE')) return `Will ${subject} be above ${fmtMoney(value)}${period(t)}?`;
    return `Will ${subject} reach ${fmtMoney(value)}${period(t)}?`;
  }
  if (has(t, 'POPULAR')) {
    const both = has(t, 'AND') && has(t, 'WIN');
    return both
      ? `Will ${subject} win both the popular vote and the ${yearText}US presidential election?`
      : `Will ${subject} win the popular vote in the ${yearText}US presidential election?`;
  }
  if (league && league.kind === 'league') {
    const edition = t.find((x) => x.kind === 'roman');
    const name = edition && edition.kind === 'roman' ? `${league.display} ${edition.numeral}` : `the ${yearText}${league.display}`;
    return `Will ${subject} win ${name}?`;
  }
  if (has(t, 'F1')) {
    if (has(t, 'CHAMPIONSHIP')) {
      const which = has(t, 'CONSTRUCTORS') ? "Constructors'" : "Drivers'";
      return `Will ${subject} win the ${yearText}F1 ${which} Championship?`;
    }
    const gp = t.find((x) => x.kind === 'grandprix');
    if (gp && gp.kind === 'grandprix') return `Will ${subject} win the ${yearText}F1 ${gp.place} Grand Prix?`;
    return `Will ${subject} win a ${yearText}F1 race?`;
  }
  if (has(t, 'FIGHT')) return `Will ${subject} win the fight?`;
  if (has(t, 'WIN') && place && place.kind === 'place') {
    return `Will ${subject} win ${place.display} in the ${yearText}US presidential election?`;
  }
  if (has(t, 'WIN') && entity?.kind === 'entity' && (entity.entityKind === 'person' || entity.entityKind === 'party')) {
    const y = year && year.kind === 'year' ? year.year : null;
    if (y === null || y % 4 === 0) return `Will ${subject} win the ${yearText}US presidential election?`;
    return `Will ${subject} win in ${y}?`;
  }
  if (amount && amount.kind === 'amount') {
    const within = duration && duration.kind === 'duration' ? ` within ${duration.display}` : period(t);
    return `Will ${subject} reach ${fmtAmountShort(amount.value)}${within}?`;
  }
  if (has(t, 'WIN')) return `Will ${subject} win${period(t)}?`;
  return generic(t);
}

/** A statistic quoted as a rate: a bare level after ABOVE or BELOW on it is a percentage ("CPI-YOY-ABOVE-3"). */
const RATE_SERIES = new Set(['CPI', 'PCE', 'INFLATION', 'UNEMPLOYMENT', 'GDP', 'YIELD', 'YOY', 'MOM']);

/** A level with its unit glued on: "2PCT", "2IN", "25BPS". */
const UNIT_LEVEL = /^(\d+(?:\.\d+)?)(PCT|IN|BPS)$/;
const UNIT_WORDS: Readonly<Record<string, string>> = { PCT: '%', IN: ' inches', BPS: ' bps' };

/** Codes a statistic's symbol abbreviates: its period of change. */
const SPELLED: Readonly<Record<string, string>> = { YOY: 'year-over-year', MOM: 'month-over-month' };

/** Parts that make the date after them a deadline ("BY-JUN30-2027"). */
const DEADLINE_WORDS: ReadonlySet<string> = new Set(['BY', 'BEFORE']);

/** A symbol's year as four digits ("27" is 2027). */
const fullYear = (y: string): string => (y.length === 2 ? `20${y}` : y);

/** One token as words: a month and the year after it as "in August 2027", a level with its unit. */
function genericWords(t: readonly SymToken[]): string[] {
  const rate = t.some((x) => RATE_SERIES.has(x.text));
  const out: string[] = [];
  const taken = new Set<number>();
  const deadline = t.some((x) => DEADLINE_WORDS.has(x.text));
  t.forEach((x, i) => {
    const prev = t[i - 1];
    if (taken.has(i)) return;
    const next = t[i + 1];
    // "BY", "BEFORE": a deadline, in words.
    if (DEADLINE_WORDS.has(x.text)) {
      out.push(x.text.toLowerCase());
      return;
    }
    // "JUN30-2027": a month and its day in one part, the year after it.
    const monthDay = /^([A-Z]{3,4})(\d{1,2})$/.exec(x.text);
    const month = monthDay ? monthNumber(monthDay[1] as string) : null;
    if (monthDay && month !== null) {
      if (next?.kind === 'year') taken.add(i + 1);
      out.push(`${monthName(month)} ${Number(monthDay[2])}${next?.kind === 'year' ? `, ${next.year}` : ''}`);
      return;
    }
    // "BY-EOY-2027" beside a level (withYearEnds keeps it there): by the last day of that year.
    const eoy = EOY.exec(x.text);
    if (eoy && DEADLINE_WORDS.has(prev?.text ?? '')) {
      const own = eoy[1];
      if (!own && next?.kind === 'year') taken.add(i + 1);
      const year = own ? fullYear(own) : next?.kind === 'year' ? String(next.year) : null;
      out.push(year ? `December 31, ${year}` : 'the end of the year');
      return;
    }
    // "BTC-200K-BY-JUN30-2027": an asset's price reaching that level by the deadline.
    if ((x.kind === 'amount' || x.kind === 'number') && prev?.kind === 'entity' && prev.entityKind === 'asset' && deadline) {
      out.push(`reach ${fmtMoney(x.kind === 'amount' ? x.value : Number(x.text))}`);
      return;
    }
    if (x.kind === 'month') {
      const after = t[i + 2];
      const by = DEADLINE_WORDS.has(prev?.text ?? '') ? '' : 'in ';
      // "DEC-31-2027": a day between the month and a full year.
      if (next && /^\d{1,2}$/.test(next.text) && after?.kind === 'year' && /^20\d\d$/.test(after.text)) {
        taken.add(i + 1).add(i + 2);
        out.push(`${by}${monthName(x.month)} ${Number(next.text)}, ${after.year}`);
        return;
      }
      if (next?.kind === 'year') taken.add(i + 1);
      out.push(`${by}${monthName(x.month)}${next?.kind === 'year' ? ` ${next.year}` : ''}`);
      return;
    }
    const level = UNIT_LEVEL.exec(x.text);
    if (level) {
      out.push(`${level[1]}${UNIT_WORDS[level[2] as string] ?? ''}`);
      return;
    }
    if (x.kind === 'year') {
      out.push(/^[QH]\d$/.test(prev?.text ?? '') ? x.text : `in ${x.year}`);
      return;
    }
    const spelled = SPELLED[x.text];
    if (spelled) {
      out.push(spelled);
      return;
    }
    // A short code no table knows is an acronym ("CPI", "NYC", "US"), kept in capitals.
    if (x.kind === 'unknown' && x.text.length <= 3 && /^[A-Z]+$/.test(x.text)) {
      out.push(x.text);
      return;
    }
    const afterDirection = prev?.kind === 'word' && (prev.word === 'ABOVE' || prev.word === 'BELOW');
    if (x.kind === 'number' && afterDirection && rate) {
      out.push(`${x.text}%`);
      return;
    }
    out.push(x.kind === 'entity' || x.kind === 'unknown' || x.kind === 'place' ? x.display : x.kind === 'word' ? x.word.toLowerCase() : x.text);
  });
  return out;
}

function generic(t: readonly SymToken[]): string {
  return `Will ${genericWords(t).join(' ')} resolve Yes?`;
}

const EOY = /^EOY(\d{2}|\d{4})?$/;
const LEVEL_PART = /^\d+(?:\.\d+)?[KMBT]?$/;

/**
 * "BY-EOY27", "EOY-2027": by the end of that year, which a year's "in 2027" also reads as (a whole year ends when its
 * last day does), so EOY gives its year, a year after it stands alone, and a "BY" before it is said by that year. Not
 * beside a level ("BTC-100K-EOY-2027" is the year-end price, not a touch during the year): kept as it is written.
 */
function withYearEnds(parts: readonly string[]): readonly string[] {
  if (parts.some((part) => LEVEL_PART.test(part) && !/^20\d\d$/.test(part))) return parts;
  return parts.flatMap((part, i) => {
    const next = parts[i + 1] ?? '';
    if (part === 'BY' && EOY.test(next)) return [];
    const eoy = EOY.exec(part);
    if (!eoy) return [part];
    if (eoy[1]) return [fullYear(eoy[1])];
    return /^20\d\d$/.test(next) ? [] : [part];
  });
}

/**
 * A readable question for a prediction-market symbol, or null when the input is not one
 * (free text, a perp like BTC-PERP, an empty string).
 */
export function symbolToQuestion(symbol: string): string | null {
  const s = symbol.trim().toUpperCase();
  if (s !== symbol.trim() || !SYMBOL_SHAPE.test(s)) return null;
  const raw = withYearEnds(s.split('-'));
  const last = raw[raw.length - 1] ?? '';
  if (NON_PREDICTION_SUFFIX.has(last)) return null;
  const isBet = last === 'BET';
  const tokens = classifyTokens(isBet ? raw.slice(0, -1) : raw);
  if (tokens.length === 0) return null;
  if (!isBet && !tokens.some((x) => x.kind === 'word' && EVENT_WORDS.has(x.word))) return null;
  return composeQuestion(tokens);
}
