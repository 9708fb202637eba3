import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

const WORDS = "Heating Up The Flavors For You".split(" ");
/** The spec reveals one more word every 40 ms. */
const WORD_INTERVAL_MS = 40;
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

/** The spec's full-screen black loader while the next page (and its code) arrives. */
export function PageLoader() {
  const navigation = useNavigation();
  const visible = useDelayedFlag(navigation.state === "loading", SHOW_AFTER_MS);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!visible) {
      setCount(0);
      return;
    }
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setCount(WORDS.length);
      return;
    }
    const timer = setInterval(() => {
      setCount((current) => {
        if (current + 1 >= WORDS.length) clearInterval(timer);
        return Math.min(current + 1, WORDS.length);
      });
    }, WORD_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div role="status" className="fixed inset-0 z-40 flex items-center justify-center bg-black px-6 text-center">
      <span className="sr-only">Heating Up The Flavors For You</span>
      <p aria-hidden="true" data-words={count} className="font-bold text-2xl text-white tracking-tight sm:text-4xl">
        {WORDS.map((word, index) => (
          <span key={word} className={index < count ? "opacity-100" : "opacity-0"}>
            {word}{" "}
          </span>
        ))}
      </p>
    </div>
  );
}
