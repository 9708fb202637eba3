import { useEffect, useState } from "react";

const WORDS = "Heating Up The Flavors For You".split(" ");
/** The spec reveals one more word every 40 ms. */
const WORD_INTERVAL_MS = 40;

/** The spec's full-screen black loader, its words revealed one at a time (a lazy part of PageLoader). */
export default function LoaderWords() {
  const [count, setCount] = useState(0);

  useEffect(() => {
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
  }, []);

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
