import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'koa';

/** One file the API serves as it is: where it lives and what it is. */
export interface StaticAsset {
  readonly file: string;
  readonly type: string;
  /** Vendor files change only with a dependency update: cache them; our own pages revalidate. */
  readonly immutable?: boolean;
}

interface Loaded {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Content-Security-Policy of the HTML pages: scripts and styles only from this origin (no inline
 * script, no eval), requests only to this origin, never framed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every page and asset gets: the CSP, no MIME sniffing, no referrer leaking paths. */
export function setPageHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', PAGE_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
}

/**
 * Serves a fixed set of files, each read once on first request and kept in memory, with an ETag so a
 * browser revalidates cheaply. Only the names in the map exist: no path from the request reaches the
 * file system.
 */
export class StaticAssets {
  private readonly loaded = new Map<string, Loaded>();

  constructor(private readonly assets: ReadonlyMap<string, StaticAsset>) {}

  has(name: string): boolean {
    return this.assets.has(name);
  }

  names(): string[] {
    return [...this.assets.keys()];
  }

  /** Answers with the asset, or returns false when the name is not one of ours. */
  serve(ctx: Context, name: string): boolean {
    const asset = this.assets.get(name);
    if (!asset) return false;
    let loaded = this.loaded.get(name);
    if (!loaded) {
      const body = readFileSync(asset.file);
      loaded = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.loaded.set(name, loaded);
    }
    setPageHeaders(ctx);
    ctx.set('ETag', loaded.etag);
    ctx.set('Cache-Control', asset.immutable ? 'public, max-age=86400' : 'no-cache');
    if (ctx.get('if-none-match') === loaded.etag) {
      ctx.status = 304;
      return true;
    }
    ctx.type = asset.type;
    ctx.body = loaded.body;
    return true;
  }
}

export const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
