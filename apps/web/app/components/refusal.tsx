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

/** The age of each quoted line, and whether the signed-in buyer is too young for it (decision 079). */
export type QuoteAges = OrderQuote["ages"];

/** What a cart says of one line's age: why the buyer may not buy it, or the age it asks. */
export interface LineAgeWords {
  /** The signed-in buyer is younger than the line's age: the line must be removed. */
  refusal?: LineRefusal;
  /** The buyer is not known, and the line asks more than the shop's age to buy. */
  note?: string;
}

/**
 * Each line's age in words, by position, from the server's answer: a refusal where the buyer's
 * date of birth is under the line's age, else, for a buyer not known, the age of a line that asks
 * more than the shop's own (the shop's is said once, for the whole cart).
 */
export function lineAgeWords(ages: QuoteAges | null | undefined, count: number): LineAgeWords[] {
  return Array.from({ length: count }, (_, index) => {
    const line = ages?.lines[index];
    if (!ages || !line) return {};
    const text = `You must be ${line.minAge} or older to buy this.`;
    if (line.tooYoung) return { refusal: { text, sourceUrl: null } };
    return line.tooYoung === null && line.minAge > ages.purchaseMinAge ? { note: text } : {};
  });
}

/**
 * Why the cart cannot go on to the checkout, for its summary: the shop's age when the buyer is
 * under it, else how many lines are refused and why (a ban where it ships, an age, or both).
 */
export function cartRefusalWords(
  refused: readonly { ban: boolean; young: boolean }[],
  ages: QuoteAges | null | undefined,
): string | null {
  const count = refused.filter((line) => line.ban || line.young).length;
  if (count === 0) return null;
  if (ages?.lines.some((line) => line.tooYoung && line.minAge === ages.purchaseMinAge)) {
    return `You must be ${ages.purchaseMinAge} or older to buy from this shop.`;
  }
  const products = count === 1 ? "1 product" : `${count} products`;
  const them = count === 1 ? "it" : "them";
  const bans = refused.some((line) => line.ban);
  const young = refused.some((line) => line.young);
  const why =
    bans && young
      ? "cannot be ordered, as said under each"
      : bans
        ? "cannot be shipped to your state"
        : `${count === 1 ? "is" : "are"} sold only to buyers older than you`;
  return `${products} in your cart ${why}. Please remove ${them} to check out.`;
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
