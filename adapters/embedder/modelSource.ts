import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';

/** Where transformers.js should load a model from. */
export type ModelSource =
  | { readonly kind: 'local'; readonly folder: string; readonly parent: string; readonly name: string }
  | { readonly kind: 'hub'; readonly name: string };

const looksLikePath = (value: string) => isAbsolute(value) || value.startsWith('./') || value.startsWith('../') || value.startsWith('~');

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * EMBEDDING_MODEL is either a folder on disk or a hub name ("Xenova/all-MiniLM-L6-v2").
 * An existing folder wins; a value that is clearly a path but missing is an error, not a hub lookup.
 * Returns null when the value is a path that does not exist.
 */
export async function resolveModelSource(model: string): Promise<ModelSource | null> {
  const trimmed = model.trim();
  const folder = resolve(trimmed);
  if (await isDirectory(folder)) {
    return { kind: 'local', folder, parent: dirname(folder), name: basename(folder) };
  }
  if (looksLikePath(trimmed)) return null;
  return { kind: 'hub', name: trimmed };
}
