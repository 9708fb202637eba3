import { type ComponentType, lazy } from "react";

/**
 * Loads a module once, on first call; a failed fetch is not kept, so the next call tries again.
 * The one way to load code the first paint does not need.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A part of the page the first paint does not need (a drawer, a menu, a section below the fold):
 * its code is a chunk of its own, fetched when the part first renders, or earlier by `preload`
 * when the visitor shows the intent to open it (pointer over or focus on its button).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React's own lazy() takes them
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const preload = loadOnce(load);
  return Object.assign(lazy(preload), { preload });
}

/**
 * A route's `clientLoader` on client navigations: the page's lazy parts load alongside its data,
 * so the new page shows whole, without their fallbacks. The first page, rendered by the server,
 * does not run it.
 */
export async function withParts<T>(data: Promise<T>, ...parts: { preload(): Promise<unknown> }[]): Promise<T> {
  const [loaded] = await Promise.all([data, ...parts.map((part) => part.preload())]);
  return loaded;
}
