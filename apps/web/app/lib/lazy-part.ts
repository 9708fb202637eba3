import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

/**
 * Loads a module once, on first call, however many places ask for it; a failed fetch is not kept,
 * so the next call tries again.
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
 * in the browser its code is a chunk of its own, fetched when the part first renders, or earlier
 * by `preload` when the visitor shows the intent to open it (pointer over or focus on its button).
 * The server loads every part as it starts and renders it in place, so the first HTML is whole;
 * React's lazy() alone would hold a part back on its first render in each process.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React's own lazy() takes them
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const preload = loadOnce(load);
  const Lazy = lazy(preload);
  if (typeof document !== "undefined") return Object.assign(Lazy, { preload });
  let loaded: T | undefined;
  void preload().then((module) => {
    loaded = module.default;
  });
  const InPlace = (props: ComponentProps<T>) => createElement(loaded ?? Lazy, props);
  return Object.assign(InPlace as unknown as typeof Lazy, { preload });
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
