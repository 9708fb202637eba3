import { href, Link } from "react-router";
import { ContentPage, type ContentSection } from "../../components/content-page.tsx";
import { pageMeta, titles } from "../../lib/meta.ts";

export function meta() {
  return pageMeta(
    "Shipping Policy",
    `Where and how ${titles.shopName} ships: costs, processing times, adult signature for vapes, state restrictions.`,
  );
}

const sections: ContentSection[] = [
  {
    id: "costs",
    title: "Shipping costs",
    content: (
      <ul>
        <li>
          <strong>Free shipping</strong> on every order over $100 (products only, before taxes).
        </li>
        <li>A flat $10 on orders of $100 or less.</li>
      </ul>
    ),
  },
  {
    id: "processing",
    title: "Processing and delivery times",
    content: (
      <>
        <p>
          Orders paid by 2 p.m. Eastern time on a business day usually leave our warehouse the same day; later orders
          leave the next business day. We do not ship on weekends or federal holidays. Orders that need an extra
          identity check leave once the check is complete.
        </p>
        <p>
          Most parcels arrive 2 to 5 business days after they leave us. We e-mail you the tracking number as soon as
          your parcel is handed to the carrier. Delivery dates given by carriers are estimates, not promises.
        </p>
      </>
    ),
  },
  {
    id: "where-we-ship",
    title: "Where we ship",
    content: (
      <>
        <p>
          We ship within the United States only. <strong>We do not ship internationally.</strong>
        </p>
        <p>
          The law on vapes, hemp and kratom differs from state to state, and sometimes from county to county. Some
          states ban the online sale of vapes or of flavored vapes; others ban or restrict intoxicating hemp, kratom or
          kratom-alkaloid products, or set a higher minimum age.{" "}
          <strong>We do not ship a product to an address where its sale is not allowed</strong>, and we tell you why. We
          keep these rules up to date as laws change, but you remain responsible for the law where you live.
        </p>
      </>
    ),
  },
  {
    id: "vapes",
    title: "Vapes: adult signature 21+",
    content: (
      <>
        <p>
          Under the federal PACT Act, vapes, cartridges, pods and other vape parts may only be delivered to an adult.
          For any order that contains them:
        </p>
        <ul>
          <li>
            An <strong>adult aged 21 or over must sign</strong> for the parcel and may be asked for photo ID. The
            carrier will not leave it at the door.
          </li>
          <li>
            It is <strong>never shipped by USPS</strong>, which may not carry vapes. We use private carriers.
          </li>
          <li>
            It <strong>cannot be delivered to PO boxes or to APO, FPO or DPO military addresses</strong>.
          </li>
          <li>It is reported to the tax authorities of the destination state, as the law requires.</li>
        </ul>
        <p>
          If nobody aged 21 or over is there to sign, the carrier tries again or holds the parcel for collection. A
          parcel that cannot be delivered comes back to us, and we refund the products, less the shipping cost.
        </p>
      </>
    ),
  },
  {
    id: "packaging",
    title: "Discreet packaging",
    content: (
      <p>
        Every order ships in a plain, sealed box with no product names or logos on the outside. The return address shows
        a neutral sender name.
      </p>
    ),
  },
  {
    id: "problems",
    title: "Lost or damaged parcels",
    content: (
      <p>
        If your tracking has not moved for 5 business days, or your parcel arrives damaged, tell us through our{" "}
        <Link to={href("/contact-us")}>Contact Us</Link> page. We deal with the carrier and send a replacement or a
        refund; see our <Link to={href("/return-policy")}>Return Policy</Link> for details.
      </p>
    ),
  },
];

export default function ShippingPolicy() {
  return (
    <ContentPage
      title="Shipping Policy"
      lastUpdated="2026-11-21"
      intro={
        <p>
          How we ship, what it costs, how long it takes, and the rules we follow for products that only adults may
          receive.
        </p>
      }
      sections={sections}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
