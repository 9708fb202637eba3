import type { ApiError, OrderQuote, QuoteRequest } from "@shop/shared";
import { useCallback, useEffect, useState } from "react";
import { href } from "react-router";
import { ApiRequestError, requestErrorOf } from "./api-error.ts";
import { loadRouteData } from "./route-data.ts";

/** What the quote route answers: the quote, or why not, for the request named in `for`. */
export type QuoteAnswer = { for: string; quote: OrderQuote } | { for: string; refusal: ApiError; status: number };

/** The quote route's address for a request (its JSON in `q`). */
export function quotePath(request: QuoteRequest): string {
  return `${href("/cart/quote")}?q=${encodeURIComponent(JSON.stringify(request))}`;
}

/** The server's price of the lines: the quote, or its refusal as an error the page can show. */
export async function loadQuote(request: QuoteRequest): Promise<OrderQuote> {
  const answer = await loadRouteData<QuoteAnswer>(quotePath(request));
  if ("refusal" in answer) throw requestErrorOf(answer.refusal, answer.status);
  return answer.quote;
}

/** A quote as a page shows it while the buyer changes what is asked. */
export interface QuoteState {
  /** The last quote answered, kept on screen while the next is asked (null before the first). */
  quote: OrderQuote | null;
  /** Whether `quote` answers an earlier request than the one now asked. */
  stale: boolean;
  loading: boolean;
  /** Why the request now asked was refused (a line no longer sold, a bad code), or could not be asked. */
  error: ApiRequestError | null;
  retry(): void;
}

/**
 * The server's price of `request`, asked again whenever it changes (null: nothing to ask); the
 * last answer stays on screen meanwhile, so the page does not jump.
 */
export function useQuote(request: QuoteRequest | null): QuoteState {
  const key = request ? JSON.stringify(request) : null;
  const [answered, setAnswered] = useState<{ key: string; quote: OrderQuote | null; error: ApiRequestError | null }>();
  const [lastQuote, setLastQuote] = useState<OrderQuote | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request; a retry asks again
  useEffect(() => {
    if (!key) return;
    let current = true;
    loadQuote(JSON.parse(key) as QuoteRequest).then(
      (quote) => {
        if (!current) return;
        setAnswered({ key, quote, error: null });
        setLastQuote(quote);
      },
      (error: unknown) => {
        const refused =
          error instanceof ApiRequestError ? error : new ApiRequestError(0, (error as Error).message ?? String(error));
        if (current) setAnswered({ key, quote: null, error: refused });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => {
    setAnswered(undefined);
    setAttempt((count) => count + 1);
  }, []);
  const fresh = answered?.key === key;
  return {
    quote: fresh && answered.quote ? answered.quote : lastQuote,
    stale: !fresh || answered.quote === null,
    loading: Boolean(key) && !fresh,
    error: fresh ? answered.error : null,
    retry,
  };
}
