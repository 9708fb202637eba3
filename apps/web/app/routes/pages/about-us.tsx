import { href, Link } from "react-router";
import { ContentPage, type ContentSection } from "../../components/content-page.tsx";
import { ShopName } from "../../components/shop-name.tsx";
import { pageMeta, titles } from "../../lib/meta.ts";

export function meta() {
  return pageMeta(
    "About Us",
    `Who we are and how we work: lab-tested vapes, hemp and kratom for adults, shipped discreetly by ${titles.shopName}.`,
  );
}

const sections: ContentSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    content: (
      <>
        <p>
          <ShopName /> is an independent online shop for adults. We started it because buying vapes, hemp and kratom
          online too often meant guessing: unclear labels, missing lab reports and shops that did not care who they sold
          to.
        </p>
        <p>
          We do it differently. We stock products we know, publish the lab results for every batch of our hemp, kratom
          and alkaloid products, check the age of every buyer, and follow the law of the state each parcel goes to.
        </p>
      </>
    ),
  },
  {
    id: "what-we-sell",
    title: "What we sell",
    content: (
      <ul>
        <li>
          <Link to={`${href("/products")}?category=disposable`}>Disposable vapes</Link> and infused vapes from
          established brands.
        </li>
        <li>
          <Link to={`${href("/products")}?category=hemp-product`}>Hemp flower and hemp products</Link>, within the
          federal hemp limits.
        </li>
        <li>
          <Link to={`${href("/products")}?category=kratom`}>Kratom</Link> leaf, powder, capsules and extracts, and the
          kratom-alkaloid ranges <Link to={`${href("/products")}?category=hydroxy`}>Hydroxy</Link> (7-OH) and{" "}
          <Link to={`${href("/products")}?category=pseudo`}>Pseudo</Link>.
        </li>
        <li>
          <Link to={`${href("/products")}?category=candy`}>Candy</Link> and{" "}
          <Link to={`${href("/products")}?category=charger`}>chargers</Link> for your devices.
        </li>
      </ul>
    ),
  },
  {
    id: "lab-testing",
    title: "Lab tested, batch by batch",
    content: (
      <>
        <p>
          Every batch of our hemp, kratom, Hydroxy and Pseudo products is tested by an independent, ISO/IEC 17025
          accredited laboratory before it goes on sale. Each batch has its own certificate of analysis (COA) showing its
          cannabinoid or alkaloid content and the safety panels it passed, such as pesticides, heavy metals and
          microbials.
        </p>
        <p>
          Every certificate is on our <Link to={href("/coas")}>Lab Results</Link> page: search for the batch number
          printed on your package, or open a product and scan the QR code beside its latest results. If a batch has no
          valid certificate, we do not sell it.
        </p>
      </>
    ),
  },
  {
    id: "adults-only",
    title: "Adults only",
    content: (
      <p>
        Our products are for adults. Visitors confirm their age before they enter the shop, and before we accept an
        order we check the buyer's full date of birth: you must be 21 or over, or older where local law says so. We
        refuse orders when a check fails, and we never market to minors.
      </p>
    ),
  },
  {
    id: "shipping",
    title: "How we ship",
    content: (
      <>
        <ul>
          <li>
            <strong>Discreet packaging:</strong> a plain, sealed box with nothing on the outside that says what is
            inside.
          </li>
          <li>
            <strong>Vapes</strong> ship only with an adult signature (21+) on delivery and never by USPS, as the federal
            PACT Act requires.
          </li>
          <li>
            <strong>Free shipping</strong> on orders over $100; otherwise a flat $10.
          </li>
          <li>We do not send a product to a state whose law does not allow it there.</li>
        </ul>
        <p>
          The details are in our <Link to={href("/shipping-policy")}>Shipping Policy</Link>. Questions? Reach us through
          our <Link to={href("/contact-us")}>Contact Us</Link> page.
        </p>
      </>
    ),
  },
];

export default function AboutUs() {
  return (
    <ContentPage
      title="About Us"
      intro={<p>Lab-tested vapes, hemp and kratom for adults, sold honestly and shipped discreetly to your door.</p>}
      sections={sections}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
