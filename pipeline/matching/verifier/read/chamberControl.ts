/**
 * Which party a market has controlling each chamber of Congress, once the venues' outcome styles were written
 * out by the rewrites ("R House / D Senate", "Rep. House & Senate", "Democrats Sweep" all become
 * "<Party> House, <Party> Senate"). Two markets naming both chambers must name the same party for each.
 */
const CONTROL = /\b(Republican|Democratic)\s+(House|Senate)\b/gi;

/** "House R, Senate D" when the text names a party for both chambers, else null. */
export function chamberControl(text: string): string | null {
  const party: Record<string, string> = {};
  for (const m of text.matchAll(CONTROL)) {
    const chamber = (m[2] as string).toLowerCase();
    const who = (m[1] as string)[0]?.toUpperCase() as string;
    // A chamber given two parties is no split this reader can state.
    if (party[chamber] && party[chamber] !== who) return null;
    party[chamber] = who;
  }
  return party.house && party.senate ? `House ${party.house}, Senate ${party.senate}` : null;
}
