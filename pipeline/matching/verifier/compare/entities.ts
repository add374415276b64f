/**
 * Who the two markets are about. An entity counts as mentioned by the other market when it names
 * it under any spelling the verifier can reconcile: the lexicon key, an unknown name's words, a
 * first name left out ("Noem" for "Kristi Noem"), an acronym ("GTA" for "Grand Theft Auto"), a
 * team's home city (Kalshi's "Seattle" for the Seahawks). Anything one market names and the other
 * names differently is a veto: the candidate, the team, the asset, the place, the party.
 */
import type { PropEntity, Proposition } from '../types.ts';
import { abbreviatedCountryConflict } from './countryAliases.ts';
import { acronymCover, cityMatches, isClubCodeOf, mentions, NAME_COMPLETIONS, phraseWords, teamsMeet, wordOf } from './spellings.ts';
import { readLexicon } from '../lexicon/dataFile.ts';
import { AWARD_CATEGORY_WORDS, CLUB_NAME_TAILS, UP_OR_DOWN } from '../lexicon/vocabulary.ts';
import { postalStates } from '../read/entities.ts';
import { perText } from './textMemo.ts';
import { disciplineConflict, settingOnly } from './gameSetting.ts';
import { sameAliasGroup, sameTeamNamedApart } from './sides.ts';

/** People meeting ("meet", "a summit with"), whose participants all count; not an institution's meeting ("the FOMC meeting"). */
const MEETING = /\b(?:meet|meets|meet with|summit with)\b/i;
const postalStatesOf = perText(postalStates);

/** Last words of team and club names ("Leviatán Esports", "Orlando City"): shared by rivals, never a surname. */

export interface EntityCheck {
  readonly reasons: string[];
  /** The two markets pick the two sides of one contest that cannot be drawn: each is the other's negation. */
  readonly sideFlip: boolean;
  readonly matched: number;
  readonly total: number;
}

const isPersonLike = (e: PropEntity): boolean => e.group === 'person' || e.group === 'name';
const ACRONYM = /^[A-Z][A-Z0-9&]{1,5}$/;
/** A person the lexicon knows, or a capitalised name that starts with a given name ("Brandon Johnson"). */
const fullName = (e: PropEntity): boolean => e.group === 'person' || (e.group === 'name' && /^\p{Lu}\S*\s+\p{Lu}/u.test(e.label) && GIVEN_NAMES.has((e.label.split(/\s+/)[0] ?? '').toLowerCase()));
const ELECTION = /\b(?:elect|elects|elected|elections?|mayoral|gubernatorial|primary|race)\b/i;
/** Picks that are a direction or a draw ('side:up', 'side:draw'), not one of two named rivals. */
const SIDE_PICK = /\bside:/;

/** Each given name with its formal forms and short forms ("nick" -> nicholas, nick, nicky). */
const GIVEN_NAMES: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const forms = new Map<string, Set<string>>();
  const { names } = readLexicon<{ names: Record<string, string[]> }>('givenNames.json');
  for (const [formal, shorts] of Object.entries(names)) {
    for (const n of [formal, ...shorts]) {
      let set = forms.get(n);
      if (!set) forms.set(n, (set = new Set([n])));
      set.add(formal);
      for (const s of shorts) set.add(s);
    }
  }
  return forms;
})();

/** A doubled letter is a transliteration's or a spelling's choice: "Vassil" / "Vasil", "Matthew" / "Mathew". */
const undoubled = (w: string): string => w.replace(/(.)\1+/g, '$1');

/** "Nick" and "Nicholas" are one given name, as are "Vasil" and "Vassil"; "Nick" and "Mike" are not. */
const sameGivenName = (x: string, y: string): boolean => x === y || Boolean(GIVEN_NAMES.get(x)?.has(y)) || (undoubled(x).length > 2 && undoubled(x) === undoubled(y));


/**
 * First names are optional ("Noem" / "Kristi Noem") unless both markets give one for the same
 * surname and they differ ("Mike Collins" / "Doug Collins"): that is two candidates.
 */
/** Titles written before a name ("Dr. Oz", "Ayatollah Khamenei", "Coach Prime"): no given name. */
const HONORIFICS = new Set('dr mr mrs ms sir dame lord lady sen senator gov governor rep president prime minister chancellor bundeskanzler king queen prince princess pope cardinal ayatollah sheikh emir judge justice general gen secretary speaker mayor coach qb'.split(' '));

/** The words of a name with hyphens as spaces ("Lip-Bu Tan" / "Lip Bu Tan"). */
const nameWords = (words: readonly string[]): string[] => words.flatMap((w) => w.split('-')).filter((w) => w.length > 0);

function firstNameConflict(a: Proposition, b: Proposition, e: PropEntity): string | null {
  const mine = nameWords(phraseWords(a, e));
  const surname = mine[mine.length - 1];
  if (!surname || mine.length < 2 || wordOf(e) === surname || CLUB_NAME_TAILS.has(surname)) return null;
  for (const x of b.entities) {
    if (!isPersonLike(x)) continue;
    const theirs = nameWords(phraseWords(b, x));
    if (!theirs.includes(surname)) continue;
    // One name in the other order ("Takaichi Sanae", "Erdő Péter"): the same two words are the same person.
    if (theirs.length === mine.length && theirs.every((w) => mine.includes(w))) continue;
    // One phrase extends the other ("Dow Jones" / "Dow Jones Industrial Average"): one name, see extensionCover.
    const [short, long] = mine.length <= theirs.length ? [mine, theirs] : [theirs, mine];
    if (short.every((w, i) => long[i] === w) && long.slice(short.length).every((w) => NAME_COMPLETIONS.has(w))) continue;
    // The surname here is a first name there ("Mark Kelly" / "Kelly Ayotte"): two people.
    if (theirs[theirs.length - 1] !== surname) return `${mine.join(' ')} vs ${theirs.join(' ')}`;
    // A title before the surname ("Bundeskanzler Merz", "Dr. Oz") is no given name.
    const firstsA = mine.slice(0, -1).filter((w) => !HONORIFICS.has(w) && !theirs.some((t) => sameGivenName(w, t)));
    const firstsB = theirs.slice(0, -1).filter((w) => !HONORIFICS.has(w) && !mine.some((t) => sameGivenName(w, t)));
    if (firstsA.length > 0 && firstsB.length > 0) return `${mine.join(' ')} vs ${theirs.join(' ')}`;
  }
  return null;
}

function surnameMentioned(a: Proposition, b: Proposition, e: PropEntity, covered: ReadonlySet<string>): boolean {
  const mine = phraseWords(a, e);
  const surname = mine[mine.length - 1];
  if (!surname || surname === wordOf(e)) return false;
  // An acronym closing a name in mixed case is no surname: "Anthropic IPO" is not a person called IPO.
  const written = e.label.split(/\s+/);
  const last = written[written.length - 1] ?? '';
  if (/^[A-Z0-9]{2,}$/.test(last) && written.some((w) => /[a-z]/.test(w))) return false;
  const s = a.entities.find((x) => x.key === `name:${surname}`);
  return Boolean(s && mentions(b, s, covered));
}

function selectedAgree(a: Proposition, b: Proposition): boolean {
  const equal = (x: string, y: string): boolean => {
    if (x === y) return true;
    const ex = a.entities.find((e) => e.key === x) ?? b.entities.find((e) => e.key === x);
    const ey = b.entities.find((e) => e.key === y) ?? a.entities.find((e) => e.key === y);
    return Boolean(ex && ey && (cityMatches(ex, ey) || cityMatches(ey, ex) || teamsMeet(ex, ey) || isClubCodeOf(ex, ey) || isClubCodeOf(ey, ex)));
  };
  // A game's pick is read whole ("Paris Saint-Germain") where its entities split it ("paris", "Saint-Germain"):
  // two names of one club in the alias groups ("PSG") are one side.
  const names = (p: Proposition): string[] => (p.pick ? [p.pick] : p.selected.map((k) => p.entities.find((e) => e.key === k)?.label ?? ''));
  const aliased = (): boolean => names(a).some((x) => names(b).some((y) => x !== '' && y !== '' && sameAliasGroup(x, y)));
  return a.selected.some((x) => b.selected.some((y) => equal(x, y))) || aliased();
}


/** What joins two subjects of one question: "A or B", "A and B", "A, or B", "A and/or B", "A & B" (a bare comma may be an apposition: "Elon Musk, Tesla's CEO"). */
const COORDINATION = /^\s*(?:,\s*(?:and|or)\s+|and\/or\s+|or\s+|and\s+|&\s*|nor\s+)$/;

/** What two subjects do together ("Taylor Swift and Travis Kelce get married"): the second names no more subjects. */
const JOINT_EVENT = /\b(?:marr(?:y|ies|ied)|wed|wedding|engaged|engagement|divorce[sd]?|meet|meets|met|meeting|merge[sd]?|merger|summit|talks|sign(?:s|ed)? (?:a |an )?(?:deal|agreement|treaty)|ceasefire|truce|peace)\b/;

/** The first of `extra` written next to an entity both markets name, joined to it as one more subject, as "A or B". */
function coordinatedWithShared(p: Proposition, extra: readonly PropEntity[], only: readonly PropEntity[]): string | null {
  const text = p.text.toLowerCase();
  const shared = p.entities.filter((e) => !only.includes(e));
  for (const e of extra) {
    const el = e.label.toLowerCase();
    const i = text.indexOf(el);
    if (i < 0) continue;
    for (const f of shared) {
      const fl = f.label.toLowerCase();
      const j = fl === el ? -1 : text.indexOf(fl);
      if (j < 0) continue;
      const between = i < j ? text.slice(i + el.length, j) : text.slice(j + fl.length, i);
      if (COORDINATION.test(between) && !(JOINT_EVENT.test(text) && !/\bor\b/.test(between))) return i < j ? `${e.label} ${between.trim()} ${f.label}` : `${f.label} ${between.trim()} ${e.label}`;
    }
  }
  return null;
}

export function compareEntities(a: Proposition, b: Proposition): EntityCheck {
  const reasons: string[] = [];
  const coveredInA = acronymCover(b, a);
  const coveredInB = acronymCover(a, b);
  const seenIn = (p: Proposition, q: Proposition, covered: ReadonlySet<string>, coveredSelf: ReadonlySet<string>) => (e: PropEntity): boolean =>
    mentions(q, e, covered) || coveredSelf.has(wordOf(e)) || (e.group === 'name' && surnameMentioned(p, q, e, covered) && !firstNameConflict(p, q, e));
  // Both pick the same side of a game and one venue leaves the opponent unnamed: that is no difference.
  // When both name an opponent, the opponents must agree (another opponent is another game).
  const samePick = a.selected.length > 0 && b.selected.length > 0 && selectedAgree(a, b);
  const opponent = (p: Proposition, e: PropEntity): boolean => {
    const q = p === a ? b : a;
    return samePick && q.versus.length < 2 && p.versus.includes(e.key) && !p.selected.includes(e.key);
  };
  // One award named on both sides ("Best Animated Feature" / "Animated Feature Film"): its category's words name nobody.
  const sameAward = a.awards.length > 0 && a.awards.length === b.awards.length && a.awards.every((x) => b.awards.includes(x));
  const categoryWord = (e: PropEntity): boolean => sameAward && e.group === 'name' && AWARD_CATEGORY_WORDS.has(wordOf(e));
  // Between two games, a name only in one's setting (a tournament, a discipline) names no side.
  const bothGames = a.game && b.game;
  const setting = (p: Proposition, e: PropEntity): boolean => bothGames && settingOnly(p, e);
  const onlyA = a.entities.filter((e) => !seenIn(a, b, coveredInB, coveredInA)(e) && !opponent(a, e) && !categoryWord(e) && !setting(a, e));
  const onlyB = b.entities.filter((e) => !seenIn(b, a, coveredInA, coveredInB)(e) && !opponent(b, e) && !categoryWord(e) && !setting(b, e));
  const matched = a.entities.length - onlyA.length + (b.entities.length - onlyB.length);
  const total = a.entities.length + b.entities.length;
  for (const e of a.entities) {
    const conflict = e.group === 'name' && !categoryWord(e) && !setting(a, e) && !b.entities.some((f) => sameAliasGroup(e.label, f.label)) ? firstNameConflict(a, b, e) : null;
    if (conflict) {
      reasons.push(`candidate differs: ${conflict}`);
      break;
    }
  }
  const discipline = bothGames ? disciplineConflict(a, b) : null;
  if (discipline) reasons.push(discipline);
  const actorsA = onlyA.filter((e) => e.group !== 'place' && e.group !== 'party');
  const actorsB = onlyB.filter((e) => e.group !== 'place' && e.group !== 'party');
  const x = actorsA[0];
  const y = actorsB[0];
  const placesA = onlyA.filter((e) => e.group === 'place');
  const placesB = onlyB.filter((e) => e.group === 'place');
  // "Spurs" alone is read as San Antonio's; where the other names Tottenham Hotspur it is the club of the alias groups.
  const byNickname = (p: Proposition, e: PropEntity, other: PropEntity): boolean =>
    e.group === 'team' && Boolean(e.nickname) && !(e.city && p.text.toLowerCase().includes(e.city)) && sameAliasGroup(e.nickname ?? '', other.label);
  // "Miami (FL)" and "Miami Hurricanes": words of two names of one team in the alias groups are that team, not two subjects.
  const oneClub = (e: PropEntity, f: PropEntity): boolean =>
    sameAliasGroup(e.label, f.label) || byNickname(a, e, f) || byNickname(b, f, e) || sameTeamNamedApart(a.text, e.label, b.text, f.label);
  if (x && y && reasons.length === 0 && !oneClub(x, y)) {
    const what = isPersonLike(x) && isPersonLike(y) ? 'candidate' : x.group === 'team' && y.group === 'team' ? 'team' : x.group === 'asset' && y.group === 'asset' ? 'asset' : 'subject';
    reasons.push(`${what} differs: ${x.label} vs ${y.label}`);
  } else if (((x && !y && placesB[0]) || (y && !x && placesA[0])) && !sameAliasGroup((x ?? y)?.label ?? '', (x ? placesB[0] : placesA[0])?.label ?? '')) {
    // One market's unmatched subject is a thing, the other's a place: "visit Greenland" vs "visit Venezuela".
    reasons.push(`subject differs: ${(x ?? placesA[0])?.label} vs ${(y ?? placesB[0])?.label}`);
  }
  // The people of a meeting are its subject: "Trump, Putin and Zelensky meet" is not "Putin and Zelensky meet".
  const peopleA = actorsA.filter(isPersonLike);
  const peopleB = actorsB.filter(isPersonLike);
  if (reasons.length === 0 && (peopleA.length === 0) !== (peopleB.length === 0) && MEETING.test(a.text) && MEETING.test(b.text)) {
    reasons.push(`participant on one side only: ${(peopleA[0] ?? peopleB[0])?.label ?? ''}`);
  }
  // "Pete Hegseth or Pam Bondi leave" against "Pete Hegseth leave", "sanctions on Rosneft and Lukoil" against "on
  // Rosneft": a subject joined to the shared one by "or" or "and" widens or narrows the question.
  if (reasons.length === 0 && (actorsA.length === 0) !== (actorsB.length === 0)) {
    const [p, extra, only] = actorsA.length > 0 ? [a, actorsA, onlyA] : [b, actorsB, onlyB];
    const joined = coordinatedWithShared(p, extra, only);
    if (joined) reasons.push(`scope differs: ${joined} on one side only`);
  }
  // "Will Brandon Johnson win the Chicago mayoral election?" against "Will Chicago elect a new mayor?": a race's
  // winner named on one side and nobody on the other asks about one candidate against the race as a whole.
  if (reasons.length === 0) {
    const inA = a.entities.find(fullName);
    const person = inA ?? b.entities.find(fullName);
    const [named, other] = inA ? [a, b] : [b, a];
    if (person && !other.entities.some(isPersonLike) && ELECTION.test(named.text) && ELECTION.test(other.text)) {
      reasons.push(`candidate on one side only: ${person.label}`);
    }
  }
  const pa = placesA[0];
  const pb = placesB[0];
  // "Visit New Hampshire" against "visit Connecticut, Maine, …, New Hampshire, Rhode Island or Vermont": a place both
  // name and more on one side only is a list against one of its members, not a place a candidate pins down.
  // One more country may be the shared one's part ("Reform UK" and "the Welsh Senedd"); US states do not nest.
  const shared = (p: Proposition, only: readonly PropEntity[]): readonly PropEntity[] => p.entities.filter((e) => e.group === 'place' && !only.includes(e));
  const extra = placesA.length > 0 ? placesA : placesB;
  const both = shared(a, onlyA);
  const listed = extra.length >= 2 || (extra.length === 1 && [...extra, ...both].every((e) => e.key.startsWith('state:')));
  if ((pa === undefined) !== (pb === undefined) && both.length > 0 && shared(b, onlyB).length > 0 && listed) {
    reasons.push(`places on one side only: ${(pa ?? pb)?.label ?? ''} beside the place both name`);
  }
  // "Kansas City, MO" and "Kansas City, KS": the state word inside a city's name does not name the city's state.
  const postalA = postalStatesOf(a.source.title);
  const postalB = postalStatesOf(b.source.title);
  if (postalA.length > 0 && postalB.length > 0 && !postalA.some((s) => postalB.includes(s))) reasons.push(`place differs: ${postalA[0] ?? ''} vs ${postalB[0] ?? ''}`);
  const abbreviated = pa && pb ? null : abbreviatedCountryConflict(a, b, placesA, placesB);
  if (abbreviated) reasons.push(abbreviated);
  else if (pa && pb) reasons.push(`place differs: ${pa.label} vs ${pb.label}`);
  else if (pa || pb) {
    // A party or chamber race is defined by its place; a named candidate already pins it down.
    // An acronym ("AAA", "TSA") is an organisation, not a candidate that pins a place down.
    const pinsPlace = (e: PropEntity): boolean => isPersonLike(e) && !ACRONYM.test(e.label);
    const anyPerson = a.entities.some(pinsPlace) || b.entities.some(pinsPlace);
    if (!anyPerson && !reasons.some((r) => r.startsWith('subject differs'))) reasons.push(`place on one side only: ${(pa ?? pb)?.label}`);
  }
  const partiesA = a.entities.filter((e) => e.group === 'party').map((e) => e.key);
  const partiesB = b.entities.filter((e) => e.group === 'party').map((e) => e.key);
  const diffA = partiesA.filter((k) => !partiesB.includes(k));
  const diffB = partiesB.filter((k) => !partiesA.includes(k));
  if (diffA.length > 0 && diffB.length > 0) {
    // Two parties of one race are not negations of each other: a third may win, or none may hold a majority.
    reasons.push(`party differs: ${diffA[0] ?? ''} vs ${diffB[0] ?? ''}`);
  } else if (diffA.length + diffB.length > 0) {
    // One market names a party, the other a candidate: a party-winner market is not a candidate market.
    const partyOnly = diffA.length > 0 ? b : a;
    const other = diffA.length > 0 ? a : b;
    if (partyOnly.entities.some(isPersonLike) && !other.entities.some(isPersonLike)) {
      reasons.push(`candidate vs party: ${partyOnly.entities.find(isPersonLike)?.label} vs ${(diffA[0] ?? diffB[0]) ?? ''}`);
    }
  }
  let sideFlip = false;
  /** Every side `p` picks is named in `q`. */
  const inOther = (p: Proposition, q: Proposition, covered: ReadonlySet<string>): boolean =>
    p.selected.every((k) => { const e = p.entities.find((z) => z.key === k); return !e || mentions(q, e, covered) || q.entities.some((f) => sameAliasGroup(e.label, f.label)); });
  // "Up or Down" answered Up against the same market answered Down: every close is one or the other.
  const upDown = (p: Proposition): string | null => (UP_OR_DOWN.test(p.source.title) && p.selected.length === 1 && /^side:(?:up|down)$/.test(p.selected[0] ?? '') ? (p.selected[0] ?? null) : null);
  const [ua, ub] = [upDown(a), upDown(b)];
  if (ua && ub && ua !== ub) sideFlip = true;
  else if (a.selected.length > 0 && b.selected.length > 0 && !selectedAgree(a, b)) {
    const bothNamed = inOther(a, b, coveredInB) && inOther(b, a, coveredInA);
    // In a game, naming the other's pick while picking someone else is enough: the opponent may be spelled unknown.
    const either = (a.game || b.game) && (inOther(a, b, coveredInB) || inOther(b, a, coveredInA));
    if ((bothNamed || either) && reasons.length === 0) {
      const draws = a.draws === 'yes' || b.draws === 'yes' ? 'yes' : a.draws === 'no' || b.draws === 'no' ? 'no' : 'unknown';
      const contest = a.versus.length >= 2 && b.versus.length >= 2 && bothNamed;
      if (contest && draws === 'no') sideFlip = true;
      else {
        const why = !contest ? '' : draws === 'yes' ? ' (the contest can be drawn)' : ' (nothing says the contest cannot be drawn)';
        reasons.push(`selected side differs: ${a.selected.join(',')} vs ${b.selected.join(',')}${why}`);
      }
    } else if (reasons.length === 0 && a.versus.length >= 2 && b.versus.length >= 2) {
      // Two pairings that pick different sides whose names do not meet ("Man City" / "Manchester City"): the picks
      // cannot be shown to be one side, nor the other's opponent, so neither identity nor complement is safe.
      reasons.push(`selected side differs: ${a.selected.join(',')} vs ${b.selected.join(',')} (their names do not meet)`);
    }
  } else if (reasons.length === 0 && (a.selected.length > 0) !== (b.selected.length > 0)) {
    // One market picks a side; the other names both rivals ("Will A win vs. B?" read as a whole, "A vs. B
    // market cap") without a pick this reader can see: its Yes may be either side, so the two are not one question.
    const [picker, open] = a.selected.length > 0 ? [a, b] : [b, a];
    const pickNamed = inOther(picker, open, picker === a ? coveredInB : coveredInA);
    if (open.versus.length === 2 && pickNamed && !SIDE_PICK.test(picker.selected.join(' '))) {
      reasons.push(`a side is picked on one market only: ${picker.selected.join(',')}`);
    }
    // "Cornyn vs. Paxton: John Cornyn" against "Will Ken Paxton win the runoff?": the other market's subject is the other side.
    // "Will the Thunder win Game 7?" against Thunder - Celtics answered Celtics: a game without draws makes it the No.
    const otherSide = open.versus.length === 0 ? open.entities.find((e) => (isPersonLike(e) || e.group === 'team') && picker.versus.includes(e.key) && !picker.selected.includes(e.key)) : undefined;
    const pickAlso = open.entities.some((e) => picker.selected.includes(e.key));
    if (otherSide && !pickAlso && reasons.length === 0) {
      if (otherSide.group === 'team' && picker.game && picker.draws === 'no' && picker.versus.length === 2) sideFlip = true;
      else reasons.push(`selected side differs: ${picker.selected.join(',')} vs ${otherSide.label}`);
    }
  }
  return { reasons, sideFlip, matched, total };
}
