import { href, Link } from "react-router";
import { ContentPage, type ContentSection } from "../../components/content-page.tsx";
import { ShopName } from "../../components/shop-name.tsx";
import { pageMeta, titles } from "../../lib/meta.ts";

export function meta() {
  return pageMeta(
    "Return Policy",
    `How to return unopened products to ${titles.shopName} within 30 days, and what we do about damaged or wrong items.`,
  );
}

const sections: ContentSection[] = [
  {
    id: "unopened-products",
    title: "Unopened products: 30 days",
    content: (
      <>
        <p>
          You may return any product that is <strong>unopened, unused and still sealed</strong> in its original
          packaging within <strong>30 days</strong> of delivery. We refund the price of the returned products once they
          reach us and we have checked that the seals are intact.
        </p>
        <p>
          Return shipping for a change of mind is paid by you, and the original shipping charge is not refunded. Vapes
          must be sent back by a carrier that accepts them, with an adult signature, never by USPS; we will tell you how
          when we approve the return.
        </p>
      </>
    ),
  },
  {
    id: "what-cannot-be-returned",
    title: "What cannot be returned",
    content: (
      <>
        <p>For safety and legal reasons we cannot take back, resell or refund:</p>
        <ul>
          <li>vapes, cartridges and pods that have been opened, used or had their seal broken;</li>
          <li>opened consumables: hemp flower and hemp products, kratom, Hydroxy and Pseudo products, and candy;</li>
          <li>products returned after the 30 days;</li>
          <li>
            products damaged by misuse, or not bought from <ShopName />.
          </li>
        </ul>
        <p>
          These goods are consumed or inhaled, and once a package is opened nobody can vouch for what is inside. That
          protects every customer, including you.
        </p>
      </>
    ),
  },
  {
    id: "damaged-or-wrong-items",
    title: "Damaged, faulty or wrong items",
    content: (
      <>
        <p>
          If something arrives damaged, does not work out of the box, or is not what you ordered, we replace it at no
          cost to you, opened or not. Please tell us within <strong>7 days</strong> of delivery and include:
        </p>
        <ul>
          <li>your order number;</li>
          <li>a photo of the product and of the parcel, showing the damage or the wrong item;</li>
          <li>for a faulty device, a short description of what happens.</li>
        </ul>
        <p>
          We send a prepaid label when we need the item back. If the product is out of stock, we refund it in full
          instead, shipping included.
        </p>
      </>
    ),
  },
  {
    id: "how-to-return",
    title: "How to start a return",
    content: (
      <ol>
        <li>
          Write to us through our <Link to={href("/contact-us")}>Contact Us</Link> page with your order number and the
          products you want to return.
        </li>
        <li>
          We reply with a return authorization and the address to send it to. Parcels sent without one are refused.
        </li>
        <li>Pack the products securely and keep the tracking number until your refund arrives.</li>
      </ol>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    content: (
      <p>
        We refund to the payment method you used, within 5 business days of accepting the return, and e-mail you when we
        do. Your bank may take a few more days to show it. Orders that we cancel before shipping, for example because a
        product cannot be shipped to your state, are refunded in full.
      </p>
    ),
  },
];

export default function ReturnPolicy() {
  return (
    <ContentPage
      title="Return Policy"
      lastUpdated="2026-11-21"
      intro={
        <p>
          We want you to be happy with your order. Because most of what we sell is consumed or inhaled, returns follow a
          few strict rules, explained below.
        </p>
      }
      sections={sections}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
