/**
 * The event a game title names before its pairing says where the game is played, not who plays it: Kalshi's
 * "StarLadder Major Budapest 2025: FaZe vs. NIP" and Polymarket's "Counter-Strike: FaZe vs NIP (BO1)" are one
 * match, the tournament on one side and the discipline on the other. Between two games, a name found only in a
 * setting is no side; the game's day and its sides decide. Two disciplines named on both sides still differ:
 * one organisation fields teams in several esports.
 */
import type { PropEntity, Proposition } from '../types.ts';
import { disciplineOf } from '../lexicon/vocabulary.ts';


/** Whether `e` is named in the game's setting and in neither of its sides. */
export function settingOnly(p: Proposition, e: PropEntity): boolean {
  if (!p.game || !p.setting) return false;
  const label = e.label.toLowerCase();
  return p.setting.toLowerCase().includes(label) && !p.sides.some((s) => s.toLowerCase().includes(label));
}

/** Two games whose settings name two disciplines ("CS2: G2 vs FaZe" / "Valorant: G2 vs FaZe"). */
export function disciplineConflict(a: Proposition, b: Proposition): string | null {
  // Azuro names it in brackets after the pairing: "Team Liquid - Fnatic (CS2, ESL Pro League)".
  const bracketed = (p: Proposition): string | null => [...p.source.title.matchAll(/\(([^)]{2,80})\)/g)].map((m) => m[1]).join(' ') || null;
  const x = disciplineOf(a.setting) ?? disciplineOf(bracketed(a));
  const y = disciplineOf(b.setting) ?? disciplineOf(bracketed(b));
  return x && y && x !== y ? `discipline differs: ${x} vs ${y}` : null;
}
