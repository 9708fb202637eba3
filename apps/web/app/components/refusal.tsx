import type { OrderQuote } from "@shop/shared";

/** What the server's rules say of each line where it goes (POST /api/cart/quote, decision 050). */
export type QuoteCompliance = NonNullable<OrderQuote["compliance"]>;

/** Why a line cannot be bought where it goes, shown beside it: the rule's reason, and its source. */
export interface LineRefusal {
  text: string;
  /** The banning rule's source, as a link; null for an age. */
  sourceUrl: string | null;
}

/**
 * The lines the server's verdicts refuse, by position: a rule's ban with its reason and source.
 * The browser never evaluates rules; it only words the server's answer.
 */
export function lineRefusals(
  compliance: QuoteCompliance | null | undefined,
  count: number,
): (LineRefusal | undefined)[] {
  return Array.from({ length: count }, (_, index) => {
    const line = compliance?.lines[index];
    return line && !line.allowed
      ? { text: line.reason ?? "It cannot be sold there.", sourceUrl: line.sourceUrl }
      : undefined;
  });
}

/** A line's refusal in words, then the link to the rule's source when a rule refused it. */
export function RefusalText({ refusal, name }: { refusal: LineRefusal; name: string }) {
  return (
    <span>
      {refusal.text}
      {refusal.sourceUrl && (
        <>
          {" "}
          <a
            href={refusal.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2"
          >
            Rule source<span className="sr-only"> for {name} (opens in a new tab)</span>
          </a>
        </>
      )}
    </span>
  );
}
