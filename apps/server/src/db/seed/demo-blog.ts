import type { BlogSection } from "@shop/shared";
import { productArt } from "./demo-images.ts";
import type { DemoArt } from "./demo-types.ts";

/**
 * The demo shop's blog: eight posts across the header's three sections, written in the blog's
 * Markdown (CommonMark, modules/blog/markdown.ts), with cover pictures drawn like the product pictures.
 */

/** Shapes drawn only for the blog's covers, beside the product pictures' shapes. */
type CoverShape = "document" | "battery" | "scales" | "leaf" | "id-card";

export interface DemoCoverTile {
  art: DemoArt | CoverShape;
  /** Two hex colours (#rrggbb) for the tile's gradient; the second also colours the shape. */
  colors: [string, string];
}

export interface DemoPost {
  slug: string;
  section: BlogSection;
  title: string;
  excerpt: string;
  authorName: string;
  /** Published this many days before the demo data is loaded. */
  daysAgo: number;
  cover: { colors: [string, string]; tiles: DemoCoverTile[] };
  body: string;
}

const coverShapes: Record<CoverShape, (accent: string) => string> = {
  document: (accent) => `
    <rect x="230" y="120" width="340" height="500" rx="26" fill="#ffffff" fill-opacity="0.95"/>
    <rect x="230" y="120" width="340" height="78" rx="26" fill="${accent}"/>
    <rect x="230" y="170" width="340" height="28" fill="${accent}"/>
    ${[0, 1, 2, 3]
      .map(
        (row) => `<rect x="270" y="${240 + row * 56}" width="120" height="16" rx="8" fill="#9ca3af"/>
        <rect x="420" y="${240 + row * 56}" width="${60 + ((row * 37) % 50)}" height="16" rx="8" fill="${accent}" fill-opacity="0.7"/>`,
      )
      .join("")}
    <circle cx="490" cy="540" r="48" fill="${accent}"/>
    <path d="M466 540 l18 18 l32 -36" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  battery: (accent) => `
    <rect x="190" y="290" width="380" height="220" rx="40" fill="#ffffff" fill-opacity="0.95"/>
    <rect x="570" y="355" width="46" height="90" rx="14" fill="#ffffff" fill-opacity="0.95"/>
    ${[0, 1, 2].map((bar) => `<rect x="${222 + bar * 84}" y="322" width="68" height="156" rx="14" fill="${accent}"/>`).join("")}
    <rect x="474" y="322" width="68" height="156" rx="14" fill="#e5e7eb"/>
    <path d="M420 250 l-70 160 h60 l-30 140 l110 -190 h-62 l42 -110 z" fill="#1f2937" stroke="#ffffff" stroke-width="10" stroke-linejoin="round"/>`,
  scales: (accent) => `
    <rect x="388" y="200" width="24" height="400" rx="10" fill="#ffffff"/>
    <rect x="300" y="590" width="200" height="36" rx="18" fill="#ffffff"/>
    <rect x="190" y="230" width="420" height="20" rx="10" fill="#ffffff"/>
    <circle cx="400" cy="222" r="30" fill="${accent}" stroke="#ffffff" stroke-width="10"/>
    <path d="M215 250 l-60 170 M215 250 l60 170 M585 250 l-60 170 M585 250 l60 170" stroke="#ffffff" stroke-width="6"/>
    <path d="M140 420 h150 a75 60 0 0 1 -150 0 z" fill="${accent}" stroke="#ffffff" stroke-width="8"/>
    <path d="M510 420 h150 a75 60 0 0 1 -150 0 z" fill="${accent}" stroke="#ffffff" stroke-width="8"/>`,
  leaf: (accent) => `
    <path d="M400 120 C590 240 600 520 400 680 C200 520 210 240 400 120 Z" fill="#4d7c0f"/>
    <path d="M400 120 C590 240 600 520 400 680 C200 520 210 240 400 120 Z" fill="#ffffff" fill-opacity="0.12"/>
    <path d="M400 150 V700" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>
    ${[0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M400 ${260 + i * 90} q80 -30 130 -90 M400 ${260 + i * 90} q-80 -30 -130 -90" stroke="${accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
      )
      .join("")}`,
  "id-card": (accent) => `
    <rect x="150" y="230" width="500" height="320" rx="34" fill="#ffffff" fill-opacity="0.96"/>
    <rect x="150" y="230" width="500" height="70" rx="34" fill="${accent}"/>
    <rect x="150" y="270" width="500" height="30" fill="${accent}"/>
    <circle cx="270" cy="410" r="62" fill="${accent}" fill-opacity="0.35"/>
    <circle cx="270" cy="392" r="26" fill="${accent}"/>
    <path d="M224 452 a46 40 0 0 1 92 0 z" fill="${accent}"/>
    <rect x="370" y="360" width="220" height="18" rx="9" fill="#9ca3af"/>
    <rect x="370" y="400" width="170" height="18" rx="9" fill="#9ca3af"/>
    <rect x="370" y="440" width="200" height="18" rx="9" fill="#d1d5db"/>
    <circle cx="600" cy="540" r="56" fill="#1f2937"/>
    <path d="M572 540 l20 20 l36 -40" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
};

const isCoverShape = (art: string): art is CoverShape => art in coverShapes;

/** One square tile, 800×800: a product picture, or a blog shape on the same kind of background. */
function tileArt(tile: DemoCoverTile, seed: number): string {
  const [from, to] = tile.colors;
  const svg = isCoverShape(tile.art)
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" gradientTransform="rotate(${(seed * 47) % 360} 0.5 0.5)">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="${140 + (seed % 4) * 120}" cy="130" r="170" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="660" cy="700" r="220" fill="#000000" fill-opacity="0.07"/>
  ${coverShapes[tile.art](to)}
</svg>`
    : productArt(tile.art, tile.colors, seed);
  // Every tile has its own gradient: ids must be unique within the cover.
  return svg.replaceAll('id="g"', `id="g${seed}"`).replaceAll("url(#g)", `url(#g${seed})`);
}

const layouts: Record<number, { x: number; y: number; size: number; rotate: number }[]> = {
  1: [{ x: 520, y: 130, size: 620, rotate: -4 }],
  2: [
    { x: 300, y: 190, size: 520, rotate: -7 },
    { x: 780, y: 170, size: 520, rotate: 5 },
  ],
  3: [
    { x: 170, y: 250, size: 440, rotate: -9 },
    { x: 580, y: 190, size: 440, rotate: 0 },
    { x: 990, y: 250, size: 440, rotate: 8 },
  ],
};

/** A 16:9 cover, 1600×900: one to three tiles on a gradient, like a product shot on a table. */
export function coverArt(post: Pick<DemoPost, "cover">, seed: number): string {
  const [from, to] = post.cover.colors;
  const places = layouts[post.cover.tiles.length] ?? layouts[1] ?? [];
  const tiles = post.cover.tiles
    .slice(0, places.length)
    .map((tile, index) => {
      const place = places[index] ?? { x: 0, y: 0, size: 400, rotate: 0 };
      const scale = place.size / 800;
      const id = seed * 10 + index;
      return `<g transform="translate(${place.x} ${place.y}) rotate(${place.rotate} ${place.size / 2} ${place.size / 2}) scale(${scale})">
    <rect x="10" y="40" width="800" height="800" rx="72" fill="#000000" fill-opacity="0.22" filter="url(#shadow)"/>
    <clipPath id="clip${id}"><rect width="800" height="800" rx="72"/></clipPath>
    <g clip-path="url(#clip${id})">${tileArt(tile, id)}</g>
  </g>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="cover" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>
  <rect width="1600" height="900" fill="url(#cover)"/>
  <circle cx="${200 + (seed % 3) * 80}" cy="140" r="260" fill="#ffffff" fill-opacity="0.1"/>
  <circle cx="${1420 - (seed % 4) * 60}" cy="820" r="330" fill="#000000" fill-opacity="0.08"/>
  ${Array.from({ length: 24 }, (_, i) => `<circle cx="${1310 + (i % 6) * 36}" cy="${90 + Math.floor(i / 6) * 36}" r="6" fill="#ffffff" fill-opacity="0.35"/>`).join("")}
  ${tiles}
</svg>`;
}

export const demoPosts: DemoPost[] = [
  {
    slug: "thca-vs-delta-9-2026-federal-hemp-change",
    section: "latest",
    title: "THCA vs delta-9: what the 2026 federal hemp change means",
    excerpt:
      "Congress rewrote the federal definition of hemp, and the new one counts THCA as well as delta-9 THC. What changes, when, and what it means for the hemp products in our shop.",
    authorName: "Maya Ortiz",
    daysAgo: 3,
    cover: {
      colors: ["#1b4332", "#95d5b2"],
      tiles: [
        { art: "flower", colors: ["#2d6a4f", "#f4a261"] },
        { art: "scales", colors: ["#344e41", "#dda15e"] },
      ],
    },
    body: `For years the federal definition of hemp looked at one number: the share of **delta-9 THC** in a plant or product, which had to stay at or below 0.3% by dry weight. That single number is why THCA flower could be sold as hemp. The change Congress passed in November 2025 takes effect in November 2026, and it closes that gap.

This post explains the difference between the two compounds, what the new definition says and what we are doing about it. It is a summary for our customers, not legal advice.

## THCA and delta-9 THC in plain terms

THCA (tetrahydrocannabinolic acid) is the form in which THC builds up in the growing plant. Delta-9 THC is the compound most laws have regulated. When THCA is heated, for example when flower is smoked or vaped, much of it turns into delta-9 THC. Chemists call that decarboxylation.

That is why labs report a **total THC** figure next to the two separate numbers. It is calculated as:

- total THC = delta-9 THC + (THCA × 0.877)

The factor 0.877 accounts for the weight lost when THCA converts. A flower sample with 0.2% delta-9 THC and 20% THCA has a total THC of about 17.7%.

## What the new federal definition says

In short, the amended definition:

1. Measures the 0.3% limit as **total THC**, which includes THCA, instead of delta-9 THC alone.
2. Leaves out cannabinoids that are synthesised or made outside the plant.
3. Caps finished hemp-derived products at **0.4 mg of total THC per container**, counting THC and other cannabinoids with similar effects.

Most THCA flower, and many gummies and vapes made from hemp extracts, do not fit the new definition. States also write their own rules, and several already restrict these products more tightly than federal law does.

## What it means for our shop

- The new definition has applied since 12 November 2026. What we sell as hemp now is CBD oil, softgels, gummies, balm and vapes whose lab results show at most 0.4 mg of THC in the container. Our THCA flower and THC gummies are over that limit: they stay listed, marked **Not for sale** with the reason on their page, so that you can see how such products, their batches and their certificates look, but nobody can order them.
- Every hemp product keeps its certificate of analysis, and every COA we publish shows delta-9 THC, THCA, total THC and the THC per container. Our guide on [how to read a certificate of analysis](/blog/how-to-read-a-certificate-of-analysis) shows where to find those numbers.
- We do not ship a product to a state whose law does not allow it there, and we update those rules as states respond.

If you have an order planned, or a question about a particular product, [contact us](/contact-us) and we will tell you what we know. As always, our hemp products are sold only to adults **21 and over**.`,
  },
  {
    slug: "just-in-vaporra-max-40k-and-nimbrix-pro-25k",
    section: "latest",
    title: "Just in: the Vaporra Max 40K and the Nimbrix Pro 25K",
    excerpt:
      "Two new big-tank disposables arrived this month. What sets them apart, which flavours we stock, and how their prices compare per piece and per box.",
    authorName: "Leaf & Cloud team",
    daysAgo: 11,
    cover: {
      colors: ["#3a0ca3", "#f72585"],
      tiles: [
        { art: "vape", colors: ["#ff5f6d", "#2ecc71"] },
        { art: "vape", colors: ["#00c9a7", "#c4fff9"] },
        { art: "vape", colors: ["#2f80ed", "#56ccf2"] },
      ],
    },
    body: `Two new disposables landed in the warehouse this month, and both are in stock now: the **Vaporra Max 40K** and the **Nimbrix Pro 25K**. They sit at the top of our [disposable range](/products?category=disposable), and they take slightly different approaches to a long-lasting device.

## Vaporra Max 40K

The Max 40K is the bigger of the two. It carries a 20 mL tank, a 900 mAh battery and a dual mesh coil with a switch between a normal and a boost mode. Boost mode runs the coil hotter for a denser draw and uses e-liquid and battery faster; normal mode is the one to leave it on if you want the tank to last. It charges over USB-C.

We stock it in:

- **Cool Mint**: clean spearmint with a crisp menthol edge.
- **Strawberry Banana**: sweet and creamy, without menthol.
- **Classic Tobacco**: for anyone who prefers a plain tobacco flavour.

It costs $24.99 a piece, or $108.99 for a box of five.

## Nimbrix Pro 25K

The Pro 25K is lighter at 62 g, with an 18 mL tank, a 650 mAh battery and a dual mesh coil. Its small display shows the battery and e-liquid levels, so you know when to charge and when the tank is nearly empty. It also charges over USB-C.

We stock it in **Watermelon Ice**, **Blue Razz Ice** and **Mango Peach**. It costs $19.99 a piece, or $88.99 for a box of five. Dan from our team spent two weeks with the Watermelon Ice; read his [full review](/blog/review-nimbrix-pro-25k-watermelon-ice).

## Which one to pick

The puff counts in the names are manufacturer figures measured under lab conditions, and real use varies a lot with how long and how often you draw. In our experience the useful differences are these:

1. **Tank size**: 20 mL against 18 mL. The Vaporra lasts a little longer between devices.
2. **Display**: only the Nimbrix shows how much e-liquid is left.
3. **Weight**: at 78 g the Vaporra is noticeably heavier in a pocket.
4. **Price**: the Nimbrix is $5 cheaper per piece.

Both contain nicotine at 5% (50 mg/mL salt nicotine). **Nicotine is an addictive chemical.** Like every vape we sell, they are for adults 21 and over, and they ship with an adult signature required on delivery.

Looking after the battery makes any rechargeable disposable last its full tank; our [battery care guide](/blog/disposable-vape-battery-care) has the details.`,
  },
  {
    slug: "why-we-check-your-date-of-birth",
    section: "latest",
    title: "Why we check your date of birth before we accept an order",
    excerpt:
      "You told us your birth year at the door, and your account holds your full date of birth. Here is why there are two checks, what we keep, and what happens when a check fails.",
    authorName: "Leaf & Cloud team",
    daysAgo: 26,
    cover: {
      colors: ["#14213d", "#4361ee"],
      tiles: [{ art: "id-card", colors: ["#e0e7ff", "#4361ee"] }],
    },
    body: `Everything we sell is for adults. That is not a slogan: the law sets a minimum age for most of our range, and we are responsible for checking it. You meet two checks in our shop, and they do different jobs.

## Two checks, two jobs

The first is the **age gate** at the door. It asks for your birth year before you see the shop, and it is there so that the site is not browsed by minors. It keeps a cookie so you are not asked again on every visit.

The second happens **before we accept an order**: your account needs a verified e-mail address and your full date of birth. We work out your age from that date on the day you order, and you must be **21 or over**, or older where local law says so. This is the check that decides whether we can sell to you.

## Why 21

- Federal law has set the minimum age for tobacco products, including e-cigarettes and disposable vapes, at 21 since December 2019.
- Vapes sent by mail fall under the federal PACT Act, which requires age checks at the sale and an adult signature on delivery.
- Many states set 21 as the minimum age for hemp-derived THC products and for kratom, and a few ban some of these products altogether.

Rather than keep a different age for each product, we apply 21 to every order and raise it where a state's rule asks for more. When a product may not be shipped to your address at all, we do not send it there, and we tell you which one and why.

## What happens when a check fails

If your date of birth gives an age below the limit, we do not place the order, and nothing is charged. If a delivery driver cannot get an adult signature, the parcel comes back to us. We do not sell to anyone buying for someone under age, and we cancel orders where we have reason to think that is happening.

## What we keep

We store your date of birth with your account, so you do not have to enter it again, and we use it only for these checks. We do not sell your data or share it for marketing. Our [privacy policy](/privacy-policy) has the details, and our [terms](/terms-and-conditions) set out the eligibility rules in full.

Questions about any of this are welcome through our [contact page](/contact-us). Thanks for helping us keep the shop adults-only.`,
  },
  {
    slug: "review-nimbrix-pro-25k-watermelon-ice",
    section: "reviews",
    title: "Review: Nimbrix Pro 25K, Watermelon Ice",
    excerpt:
      "Two weeks with one of the shop's best-selling disposables: how the flavour holds up, what the display is good for, and what we would change.",
    authorName: "Dan Whitaker",
    daysAgo: 8,
    cover: {
      colors: ["#ff5f6d", "#ffc3a0"],
      tiles: [{ art: "vape", colors: ["#ff5f6d", "#2ecc71"] }],
    },
    body: `The **Nimbrix Pro 25K** in Watermelon Ice has been one of our steadiest sellers since it arrived, so I used one as my everyday device for two weeks to see whether it deserves that. This is an honest review: Nimbrix did not pay for it, and we would say so if they had.

## The hardware

- **Tank**: 18 mL of salt-nicotine e-liquid at 5% (50 mg/mL).
- **Battery**: 650 mAh, rechargeable over USB-C.
- **Coil**: dual mesh.
- **Display**: battery level and e-liquid level, side by side.
- **Weight**: 62 g, which sits comfortably in a jeans pocket.

The body is a soft-touch plastic that did not pick up scratches from keys, though the display window did collect a couple of fine marks. The mouthpiece is comfortable and did not leak once in two weeks, including a day in a hot car that I would not repeat on purpose.

## The flavour

Watermelon Ice opens with a sweet, candy-like watermelon rather than a fresh-cut one, and the menthol arrives on the exhale. The cooling is noticeable but not harsh. What impressed me most is that the flavour held up: by the last days the tank was nearly empty and the watermelon was a little quieter, but it never turned burnt or papery, which is where cheaper disposables often fail.

## Battery and charging

With moderate use I charged it about every second day. A full charge from low took a little under an hour with a 20 W USB-C adapter; it charges happily from a laptop port too, just more slowly. The display is the feature I would miss most on another device: the e-liquid gauge meant I knew several days ahead that I would need a new one.

## What we would change

1. The device gives no warning when you draw during charging. It works, but the instructions advise against it, and so do we.
2. The display is hard to read in bright sunshine.
3. The USB-C port has no cover, so pocket lint collects in it; a quick look before charging saves a poor connection.

## Verdict

A well-made disposable with a flavour that stays consistent to the end and a display that is actually useful. At **$19.99** a piece, or **$88.99** for a box of five, it is fair value for the tank size. If you want a bigger tank and a boost mode, the Vaporra Max 40K is the one to look at; our [news post](/blog/just-in-vaporra-max-40k-and-nimbrix-pro-25k) compares the two.

The Pro 25K contains nicotine, which is an addictive chemical. It is sold to adults 21 and over only, and it ships with an adult signature required on delivery.`,
  },
  {
    slug: "review-voltnest-pocket-power-bank",
    section: "reviews",
    title: "Review: VoltNest Pocket Power Bank 5,000 mAh",
    excerpt:
      "A slim USB-C power bank with its own short cable. We measured how many recharges it really gives a disposable, and whether it is worth carrying.",
    authorName: "Priya Natarajan",
    daysAgo: 19,
    cover: {
      colors: ["#051923", "#00a6fb"],
      tiles: [
        { art: "charger", colors: ["#00a6fb", "#051923"] },
        { art: "battery", colors: ["#003554", "#7ee081"] },
      ],
    },
    body: `Rechargeable disposables are convenient until the battery runs out on a long day away from a socket. The **VoltNest Pocket Power Bank** promises to fix that in a package not much bigger than a credit card, so we took one on a week of commutes, a weekend trip and a flight.

## What you get

- A 5,000 mAh cell in a slim aluminium shell, 110 g.
- One USB-C port that both charges the bank and charges your devices.
- A short USB-C cable built into the side, so there is nothing extra to carry.
- Four small lights that show the charge left in 25% steps.
- A 12-month warranty.

It sells for **$17.99** in our [charger range](/products?category=charger).

## How many recharges, really

The 5,000 mAh on the label is measured at the cell's own voltage. Converting that to the 5 V that USB delivers, and the losses inside the bank and the device, always cost something, so no power bank gives out its full rating.

In our test, a full bank recharged a Nimbrix Pro 25K, which has a 650 mAh battery, from empty to full **four times**, and most of the way a fifth time. That matches what we would expect from a good bank of this size, and it is plenty for a weekend. Recharging the bank itself from empty took about two and a half hours on a 20 W adapter.

## Living with it

The built-in cable is the best thing about it. It is short, about 12 cm, which is fine when the bank and the device are in the same pocket, and it clicks into a groove so it does not flap around. The shell got warm but never hot while charging two devices in a row.

Two small complaints: the four lights are hard to see in daylight, and there is no second port, so you cannot charge your phone and a vape at the same time.

## Flying with it

Power banks like this one must travel in your **carry-on bag**, never in checked luggage, and the same goes for vapes. At about 18.5 Wh this bank is far below the 100 Wh limit airlines apply, and we had no questions at security.

## Verdict

Slim, well built and honest about its capacity. If you carry a rechargeable disposable every day, it is one of the cheapest ways to never be caught with a flat battery. Pair it with the tips in our [battery care guide](/blog/disposable-vape-battery-care) and both will last longer.`,
  },
  {
    slug: "how-to-read-a-certificate-of-analysis",
    section: "guides",
    title: "How to read a certificate of analysis (COA)",
    excerpt:
      "Every batch we sell has a lab report. What a COA tells you, which numbers matter for hemp and kratom, and the warning signs of a report you should not trust.",
    authorName: "Maya Ortiz",
    daysAgo: 5,
    cover: {
      colors: ["#2d6a4f", "#b7e4c7"],
      tiles: [
        { art: "document", colors: ["#d8f3dc", "#2d6a4f"] },
        { art: "jar", colors: ["#9d174d", "#fbcfe8"] },
      ],
    },
    body: `A **certificate of analysis** (COA) is the report an independent laboratory writes after testing a sample from one production batch. It is the closest thing you have to seeing inside the package before you buy, and every batch of our hemp, kratom and alkaloid products has one. You find it on the product page and in our [COA lookup](/coas).

COAs can look intimidating. Here is how to read one in a few minutes.

## 1. Check that it belongs to your product

Before you look at any numbers, match these details against the label on your package:

- **Product name** and, for hemp, the strain or flavour.
- **Batch or lot number**: the most important match. A COA for a different batch tells you nothing about yours.
- **Date tested**: it should be recent enough for the batch you hold.
- **Laboratory**: the lab's name, address and licence or accreditation. Look for **ISO/IEC 17025** accreditation, the international standard for testing labs.

## 2. Read the potency panel

The potency panel lists what the product contains and how much.

For **hemp** products, look for delta-9 THC, THCA and **total THC**. Total THC is delta-9 THC plus THCA multiplied by 0.877, and it is the figure that matters under the federal rules that apply from November 2026; our post on [THCA vs delta-9](/blog/thca-vs-delta-9-2026-federal-hemp-change) explains why.

For **kratom** products, look for **mitragynine** and **7-hydroxymitragynine** (7-OH), the main alkaloids. For our Hydroxy and Pseudo ranges, the strength per tablet or shot on the label should match the lab's figure within a reasonable margin.

Units vary: **1% equals 10 mg per gram**. Gummies and tablets are often reported per unit as well.

## 3. Read the safety panels

A full COA also tests for things that should not be there:

- **Heavy metals** such as lead, arsenic, cadmium and mercury.
- **Pesticides**.
- **Microbials**, including E. coli, salmonella, yeast and mould.
- **Mycotoxins**, and **residual solvents** for extracts.

Each line shows a result, a limit and a status. **ND** means not detected. Check that the status column reads *Pass* throughout, or that each result sits below its limit.

## 4. Warning signs

Be careful with a COA that:

1. has no batch number, or one that does not match your package;
2. comes from a lab you cannot find, or from the brand's own lab;
3. shows only potency and no safety panels;
4. looks edited, with mismatched fonts or numbers that do not add up;
5. is years old for a product that is sold in fresh batches.

If anything on one of our COAs is unclear, [ask us](/contact-us). We would rather explain a report than have you guess. All COA-tested products in our shop are for adults **21 and over**.`,
  },
  {
    slug: "disposable-vape-battery-care",
    section: "guides",
    title: "Disposable vape battery care",
    excerpt:
      "Rechargeable disposables carry a small lithium battery. How to charge it, store it and travel with it, and what to do when the device is finished.",
    authorName: "Dan Whitaker",
    daysAgo: 15,
    cover: {
      colors: ["#4361ee", "#4cc9f0"],
      tiles: [
        { art: "battery", colors: ["#023e8a", "#90e0ef"] },
        { art: "vape", colors: ["#7b2ff7", "#c084fc"] },
      ],
    },
    body: `Most disposables we sell today are rechargeable. Inside each one is a small **lithium-ion battery**, between about 500 and 1,000 mAh, and how you treat it decides whether the device lasts to the end of its tank. None of this is complicated.

## Charging

- **Use a proper USB-C cable** and a charger from a known brand. Cheap unbranded adapters are the most common cause of charging trouble.
- **You do not need a fast charger.** The device controls how much current it takes, and a 5 V phone charger or laptop port is enough.
- **Charge when the gauge shows low**, rather than running it completely flat every time.
- **Do not charge overnight or unattended**, and do not charge on a bed, a sofa or anywhere heat cannot escape.
- **Unplug it once it is full.** Most devices stop charging at 100%, but there is no benefit in leaving it connected.
- **Do not draw from the device while it charges**, even if it lets you.

## Heat, cold and water

Lithium batteries dislike heat. A car in summer, a sunny windowsill or a spot next to a radiator can all damage the battery and the e-liquid. Cold does less harm but makes the battery seem weaker until it warms up again. Keep the device dry, and if it gets wet, do not charge it until it has dried out completely.

## In your pocket

Keep a disposable away from **keys and coins**, which can scratch the charging port or short it. A separate pocket or a small case is enough.

## Signs that something is wrong

Stop using and stop charging a device if:

1. the body is **swollen** or split;
2. it gets **hot** while charging or in use;
3. it smells of burning, or leaks e-liquid around the port;
4. it fires without being used.

If you can do so safely, move it to a surface that cannot burn, away from anything that can, and do not try to open it. Then [contact us](/contact-us) with your order number.

## Travelling

Vapes and spare lithium batteries, including power banks, must go in your **carry-on bag**. They are not allowed in checked luggage. Using or charging a vape on a plane is not allowed either.

## When it is finished

A used disposable still contains a lithium battery and some nicotine residue, so it does not belong in household trash or in the recycling bin, where crushed batteries start fires. Take it to a **battery or e-waste drop-off**; many hardware and electronics stores have one. Our [Pocket Power Bank review](/blog/review-voltnest-pocket-power-bank) covers charging on the move. All of our vapes are for adults 21 and over.`,
  },
  {
    slug: "kratom-vein-colours-explained",
    section: "guides",
    title: "Kratom vein colours explained",
    excerpt:
      "Red, green, white and yellow: what the colours on a kratom label refer to, where names like Maeng Da and Bali come from, and why the COA tells you more than either.",
    authorName: "Priya Natarajan",
    daysAgo: 33,
    cover: {
      colors: ["#386641", "#a7c957"],
      tiles: [
        { art: "leaf", colors: ["#6a994e", "#c1121f"] },
        { art: "leaf", colors: ["#a7c957", "#1b4332"] },
        { art: "leaf", colors: ["#f2e8cf", "#f8f9fa"] },
      ],
    },
    body: `Kratom is the leaf of *Mitragyna speciosa*, a tree in the coffee family that grows in Southeast Asia. Browse any kratom range, including [ours](/products?category=kratom), and you will see colours on almost every label: **red**, **green**, **white** and sometimes **yellow**. This guide explains what those words mean and what they do not.

## What the colour refers to

Each kratom leaf has a central vein, and on the tree that vein and the stems around it range from reddish to green to pale. Growers sort leaves by that colour, and it is widely said to change as a leaf matures. The names **red vein**, **green vein** and **white vein** started there.

Today the colour on a label reflects more than the leaf itself. How the leaves are **dried** matters as much: indoors or in the sun, quickly or slowly. Two batches sold under the same colour by different suppliers can be made quite differently.

## Yellow and gold

There is no yellow-veined leaf. **Yellow** and **gold** kratom are usually made with an extra drying or curing step, or by blending colours. Labels rarely say which, so ask the supplier if you want to know.

## The second word on the label

Names such as **Bali**, **Borneo**, **Malay**, **Thai** and **Maeng Da** are trade names. Some point to a region, but many of them say more about tradition than about where the leaf actually grew; a large share of the kratom sold in the US comes from Indonesia, whatever the name. **Maeng Da** is a trade name rather than a region.

## Why the COA matters more

Kratom's best-known alkaloid is **mitragynine**; there are smaller amounts of **7-hydroxymitragynine** (7-OH) and others. A colour or a trade name does not guarantee any alkaloid content. The certificate of analysis does: it shows the measured mitragynine content of the batch, along with tests for heavy metals and microbials. Our guide on [reading a COA](/blog/how-to-read-a-certificate-of-analysis) shows where to look.

## What we do and do not say

We describe our kratom by colour, trade name, form and lab results. We do not describe strains by their effects, and we make no claims about what any kratom product does: kratom is not approved by the FDA for any use, and our products are not intended to diagnose, treat, cure or prevent any disease.

## The rules

Kratom is legal in most of the US, but a few states and some cities ban it, and many states set a minimum age of 18 or 21. We sell kratom only to adults **21 and over**, and we do not ship a product to an address where its sale is not allowed.`,
  },
];
