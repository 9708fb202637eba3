import { Suspense, useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { lazyPart } from "../../lib/lazy-part.ts";

// Its code is not in the page's first script; it is fetched once the page has loaded, long
// before a navigation can take 300 ms.
const LoaderWords = lazyPart(() => import("./loader-words.tsx"));

/** Navigations quicker than this show no loader, so fast pages do not flash black. */
const SHOW_AFTER_MS = 300;

function useDelayedFlag(on: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [on, delay]);
  return shown;
}

/**
 * The navigation state of a change a page makes in place and shows as pending itself (another
 * variant of a product chosen): no loader covers the page meanwhile.
 */
export const IN_PLACE = { inPlace: true } as const;

/** The spec's full-screen black loader while the next page (and its code) arrives. */
export function PageLoader() {
  const navigation = useNavigation();
  const inPlace = (navigation.location?.state as Partial<typeof IN_PLACE> | null)?.inPlace === true;
  const visible = useDelayedFlag(navigation.state === "loading" && !inPlace, SHOW_AFTER_MS);
  useEffect(() => {
    // Offline now: the loader fetches it again when it first shows.
    LoaderWords.preload().catch(() => {});
  }, []);
  if (!visible) return null;
  return (
    <Suspense fallback={<div className="fixed inset-0 z-40 bg-black" />}>
      <LoaderWords />
    </Suspense>
  );
}
