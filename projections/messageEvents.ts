import type { Doc } from '../shared/ports/documentStore.ts';
import type { Projection } from './projection.ts';

/**
 * The events of one message that carries several (Projection.eventsOf) and that the projection handles, by the
 * document they evolve: documents in the order of their first event, each document's events in message order.
 * Applied as one message, each group is folded through evolve and written once with the message's sequence
 * (applyEvent, ProjectionRebuild): the document's lastSeq then says that all of the message's events for it are
 * in, so a redelivery skips exactly the documents already written.
 */
export function eventsByDocument<E, D extends Doc, M>(projection: Projection<E, D, M>, message: M): Map<string, E[]> {
  const groups = new Map<string, E[]>();
  for (const event of projection.eventsOf!(message)) {
    if (!projection.canHandle(event)) continue;
    const key = projection.keyOf(event);
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  return groups;
}

/** evolve folded over one document's events of one message, each with the message's sequence. */
export function evolveThrough<E, D extends Doc, M>(projection: Projection<E, D, M>, input: D | null, events: readonly E[], seq: number): D | null {
  let doc = input;
  for (const event of events) doc = projection.evolve(doc, event, seq);
  return doc;
}

/** The documents one message touches (to preload them): `add` gets its events' keys, or the one event's key. */
export function eachDocumentKey<E, D extends Doc, M>(projection: Projection<E, D, M>, message: M, add: (key: string) => void): void {
  if (!projection.eventsOf) {
    const event = message as unknown as E;
    if (projection.canHandle(event)) add(projection.keyOf(event));
    return;
  }
  for (const e of projection.eventsOf(message)) if (projection.canHandle(e)) add(projection.keyOf(e));
}
