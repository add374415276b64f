import { z } from 'zod';
import { extractProposition, type MarketRef, type Proposition } from '../matching/verifier/index.ts';

/**
 * Piscina task file: the structural verifier's propositions of a run's markets, read on a thread beside the
 * linker's (finding 57). A proposition is plain data (strings, numbers, arrays, objects: no class, Map, Set,
 * RegExp or function), so the structured clone back gives the linker an equal object; bench/support/
 * verdictDigest.ts --cloned checks that the verdicts do not move.
 */
export interface PropositionTask {
  readonly refs: readonly MarketRef[];
}

const refSchema = z.object({ venue: z.string(), title: z.string(), outcome: z.string(), end_date: z.string().nullable(), category: z.string() }).passthrough();
const taskSchema = z.object({ refs: z.array(refSchema).max(10_000) });

export default function propositionTask(task: PropositionTask): Proposition[] {
  const parsed = taskSchema.safeParse(task);
  if (!parsed.success) {
    throw new Error(`proposition task rejected: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  // Read as sent once validated: the refs the linker placed, not the schema's copy of them.
  return task.refs.map((ref) => extractProposition(ref));
}
