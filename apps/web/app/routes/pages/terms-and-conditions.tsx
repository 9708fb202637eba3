import { href, Link } from "react-router";
import { ContentPage, type ContentSection } from "../../components/content-page.tsx";
import { ShopName } from "../../components/shop-name.tsx";
import { pageMeta, titles } from "../../lib/meta.ts";

export function meta() {
  return pageMeta(
    "Terms and Conditions",
    `The terms that apply when you use the ${titles.shopName} website and buy from us: eligibility, orders, liability.`,
  );
}

// Headings and their order are the specification's; the anchors are public links, so keep them stable.
const sections: ContentSection[] = [
  {
    id: "terms-of-service",
    title: "Terms of Service",
    content: (
      <>
        <p>
          These terms form an agreement between you and <ShopName /> ("we", "us", "our"). They apply whenever you visit
          this website, create an account, or place an order with us. By doing any of those things you accept these
          terms together with our <Link to={href("/privacy-policy")}>Privacy Policy</Link>,{" "}
          <Link to={href("/shipping-policy")}>Shipping Policy</Link> and{" "}
          <Link to={href("/return-policy")}>Return Policy</Link>, which are part of this agreement.
        </p>
        <p>If you do not agree with any part of these terms, please do not use the website or buy from us.</p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    content: (
      <>
        <p>
          To buy from us you must be <strong>over 21 (depending on local jurisdiction)</strong> and of the legal age of
          majority where you live. Some states and localities set a higher age for certain products; where they do, the
          higher age applies.
        </p>
        <ul>
          <li>
            The age question shown when you first visit only admits you to browse. It does not entitle you to buy.
          </li>
          <li>
            Before we accept an order we check your full date of birth, and for some products your identity. We may ask
            for further proof of age at any time.
          </li>
          <li>
            Vapes and vape parts are delivered only against the signature of an adult aged 21 or over, who may be asked
            for photo ID by the carrier.
          </li>
          <li>
            You must give true, complete information about yourself, and keep your account password to yourself. You are
            responsible for what happens in your account.
          </li>
        </ul>
        <p>
          We refuse or cancel any order, and may close any account, where we believe the buyer or the recipient is under
          age or has given false information.
        </p>
      </>
    ),
  },
  {
    id: "product-use-and-compliance",
    title: "Product Use and Compliance",
    content: (
      <>
        <p>
          The products we sell are meant for adults only. They are not intended to diagnose, treat, cure or prevent any
          disease, and statements on this site have not been evaluated by the Food and Drug Administration.
        </p>
        <ul>
          <li>Keep all products out of the reach of children and pets.</li>
          <li>
            Do not use our products if you are pregnant or nursing, have a medical condition, or take prescription
            medicine, without first talking to a doctor.
          </li>
          <li>Do not drive or operate machinery after using products that can affect alertness.</li>
          <li>
            Hemp products may cause a positive result in a drug test. Kratom and kratom-alkaloid products can be
            habit-forming; use them responsibly and as labeled.
          </li>
          <li>Products are for personal use. Buying in order to resell without the required license is not allowed.</li>
        </ul>
        <p>
          The law on vapes, hemp and kratom differs from state to state and changes often. You are responsible for
          knowing and following the law where you live and where you have the order delivered. We do not ship products
          we know cannot be sent to your address, but our checks do not replace your own duty to comply.
        </p>
      </>
    ),
  },
  {
    id: "pricing-and-order-acceptance",
    title: "Pricing and Order Acceptance",
    content: (
      <>
        <p>
          Prices are in US dollars. We work hard to show correct prices and product details, but mistakes can happen;
          when we find one we will tell you and let you confirm the order at the correct price or cancel it.
        </p>
        <ul>
          <li>
            Placing an order is an offer to buy. We accept it only when we send you a confirmation that the order has
            been paid and is being prepared.
          </li>
          <li>
            We may refuse or cancel an order, in full or in part, for example when a product is out of stock, an age or
            identity check fails, the product may not be shipped to your address, or we suspect fraud. If you have
            already paid for anything we cancel, we refund it in full.
          </li>
          <li>
            Shipping costs are shown before you pay: free on orders over $100, otherwise a flat $10. Sales and excise
            taxes are added where the law requires them.
          </li>
          <li>We may limit the quantity of any product sold to one buyer or one address.</li>
        </ul>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    content: (
      <p>
        The content of this website, including text, photographs, graphics, logos and the arrangement of them, belongs
        to <ShopName /> or to the brands and people who licensed it to us, and is protected by copyright and trademark
        law. You may view it and print pages for your own use. You may not copy, publish, sell or otherwise use it for
        any other purpose without our written permission. Brand names of the products we sell belong to their owners.
      </p>
    ),
  },
  {
    id: "warranties-and-disclaimers",
    title: "Warranties and Disclaimers",
    content: (
      <>
        <p>
          Every product we sell matches its description and, where one is published for its batch, its certificate of
          analysis. If something arrives damaged, faulty or different from what you ordered, our{" "}
          <Link to={href("/return-policy")}>Return Policy</Link> explains how we put it right.
        </p>
        <p>
          Apart from that, and to the extent the law allows, the website and the products are provided "as is" and "as
          available". We make no other promises, express or implied, including about fitness for a particular purpose or
          about the effects a product will have on you, which differ from person to person. We do not promise that the
          website will always be available or free of errors.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    content: (
      <>
        <p>
          To the extent the law allows, <ShopName /> is not liable for any indirect, incidental, special or
          consequential loss arising from your use of the website or of our products, including loss caused by misuse,
          by use against the label's directions, or by use where the product is not lawful.
        </p>
        <p>
          Our total liability for any claim about an order is limited to the amount you paid for that order. Nothing in
          these terms limits liability that the law does not allow to be limited, such as liability for death or
          personal injury caused by negligence, or for fraud.
        </p>
      </>
    ),
  },
  {
    id: "third-party-links",
    title: "Third-party links",
    content: (
      <p>
        Our website may link to websites we do not run, such as product brands, testing laboratories or carriers'
        tracking pages. We provide these links for your convenience only. We do not control those websites and are not
        responsible for their content, their availability or how they handle your data; read their own terms and privacy
        notices before you use them.
      </p>
    ),
  },
  {
    id: "law-and-governance-and-dispute-resolution",
    title: "Law and Governance and Dispute Resolution",
    content: (
      <>
        <p>
          These terms are governed by the laws of the United States and of the state in which <ShopName /> is
          established, without regard to rules on conflicts of law.
        </p>
        <p>
          If you have a complaint, please contact us first: most problems are solved quickly that way. If we cannot
          settle a dispute informally within 30 days, either of us may take it to the state or federal courts of the
          state in which we are established, or to a small-claims court where you live if it has jurisdiction. Nothing
          in this section takes away rights that the consumer law of your home state gives you.
        </p>
      </>
    ),
  },
  {
    id: "changes-to-terms",
    title: "Changes to Terms",
    content: (
      <p>
        We may change these terms, for example when the law or our services change. The date at the top of this page
        shows when they last changed. Changes apply to orders placed after the new terms are published; an order you
        have already placed stays under the terms that applied when you placed it.
      </p>
    ),
  },
  {
    id: "contact-information",
    title: "Contact Information",
    content: (
      <p>
        Questions about these terms, an order or a product? Write to us through our{" "}
        <Link to={href("/contact-us")}>Contact Us</Link> page. We usually answer within two business days.
      </p>
    ),
  },
];

export default function TermsAndConditions() {
  return (
    <ContentPage
      title="Terms and Conditions"
      lastUpdated="2026-11-21"
      intro={
        <p>
          Please read these terms before you use our website or place an order. They explain who may buy from us, how
          orders work and what each of us can expect from the other.
        </p>
      }
      sections={sections}
      tableOfContents
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
