import { href, Link } from "react-router";
import { ContentPage, type ContentSection } from "../../components/content-page.tsx";
import { ShopName } from "../../components/shop-name.tsx";
import { pageMeta, titles } from "../../lib/meta.ts";

export function meta() {
  return pageMeta(
    "Privacy Policy",
    `What personal data ${titles.shopName} collects, why, how long we keep it, and the choices you have.`,
  );
}

const sections: ContentSection[] = [
  {
    id: "what-we-collect",
    title: "What we collect",
    content: (
      <>
        <p>We collect only what we need to run the shop and to meet the law on age-restricted goods:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, phone number, date of birth and a password,
            which we store only as a one-way hash that nobody, not even our staff, can read back.
          </li>
          <li>
            <strong>Orders:</strong> the products you buy, prices, shipping and billing addresses, the payment method
            you chose and the record of your payment, and the history of each order.
          </li>
          <li>
            <strong>Age and identity checks:</strong> your date of birth, the result of each check, and when a check
            asks for it, the details used to confirm your identity.
          </li>
          <li>
            <strong>Messages:</strong> what you write to us through the contact form or by e-mail.
          </li>
          <li>
            <strong>Technical data:</strong> the IP address and browser details that every web request carries, kept in
            server logs for security.
          </li>
        </ul>
        <p>We do not ask for, and do not want, payment card numbers on this website.</p>
      </>
    ),
  },
  {
    id: "why-we-use-it",
    title: "Why we use it",
    content: (
      <ul>
        <li>To create and secure your account and let you sign in.</li>
        <li>To take, prepare, ship and support your orders, and to send you e-mails about them.</li>
        <li>
          To confirm that you are old enough to buy, and that the products may be shipped to your address, as the law
          requires.
        </li>
        <li>To answer your questions and handle returns.</li>
        <li>To keep the website safe, stop fraud and abuse, and fix problems.</li>
        <li>To keep the business and tax records the law requires.</li>
      </ul>
    ),
  },
  {
    id: "verification-records",
    title: "Age verification and legal records",
    content: (
      <>
        <p>
          Federal law (the PACT Act) treats the online sale of vapes and vape parts as a delivery sale. For those orders
          we must verify the buyer's age and identity, ship with an adult signature requirement, report shipments to the
          tax authorities of the destination state, and keep the records of each sale for <strong>four years</strong>.
          The records hold the buyer's name and address, the products, brands and quantities shipped, and the result of
          the age and identity check.
        </p>
        <p>
          Some states require similar reports or records for hemp and kratom products. We keep these records for as long
          as the law requires, use them only for that purpose, and share them only with the authorities entitled to
          them.
        </p>
      </>
    ),
  },
  {
    id: "cookies-and-storage",
    title: "Cookies and local storage",
    content: (
      <>
        <p>
          We use no advertising or tracking cookies. The few things we store in your browser are needed for the shop to
          work:
        </p>
        <ul>
          <li>
            <strong>
              <code>ageVerified</code>
            </strong>{" "}
            is a cookie that remembers that you passed the age question on your first visit, so we do not ask again on
            every page. It expires after 30 days.
          </li>
          <li>
            <strong>The session cookie</strong> keeps you signed in. It cannot be read by scripts on the page and ends
            when you sign out or after a period without activity.
          </li>
          <li>
            <strong>
              <code>shipState</code>
            </strong>{" "}
            is a cookie that remembers the state you chose on a product page, so every page can tell you whether a
            product ships there. It holds only the state's two letters and expires after a year; choose another state at
            any time.
          </li>
          <li>
            <strong>Your cart</strong> is kept in your browser's local storage, not in a cookie, so it is still there
            when you come back. Clearing your browser's site data empties it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    content: (
      <>
        <p>
          <strong>We do not sell your personal data, and we do not share it for advertising.</strong> We pass it only to
          those who need it to serve you, and only what they need:
        </p>
        <ul>
          <li>carriers, who receive your name, address and phone number to deliver your parcel;</li>
          <li>services that help us verify age and identity or process payments, when you use them;</li>
          <li>the companies that host our website and send our e-mail, under contracts that keep the data private;</li>
          <li>authorities, when the law requires it, such as the PACT Act shipment reports described above.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    content: (
      <ul>
        <li>Account details: while your account is open, and deleted within 30 days after you close it.</li>
        <li>
          Orders and age and identity records: at least four years after the sale, or longer where tax law asks for it.
        </li>
        <li>Messages to us: up to two years, unless they relate to an order we must keep.</li>
        <li>Server logs: up to 90 days.</li>
      </ul>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    content: (
      <p>
        The website is served only over encrypted connections. Passwords are stored as strong one-way hashes, staff see
        only what their role needs, and access to order and verification records is logged. No system is perfectly safe;
        if a breach ever affected your data, we would tell you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-choices",
    title: "Your rights and choices",
    content: (
      <>
        <p>
          You can see and correct your account details at any time. You may also ask us for a copy of the personal data
          we hold about you, ask us to correct or delete it, or close your account. Depending on the state you live in,
          you may have further rights under its privacy law, and we honor them for every buyer.
        </p>
        <p>
          We cannot delete records that the law obliges us to keep, such as the PACT Act records, until that period has
          ended; we will tell you when that is the case.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p>
        Our website is for adults only. We do not knowingly collect data from anyone under 18, and we do not sell to
        anyone under 21. If we learn that a minor has given us personal data, we delete it.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    content: (
      <p>
        We will update this policy when our practices change and show the new date at the top. For any question or
        request about your data, write to us through our <Link to={href("/contact-us")}>Contact Us</Link> page.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <ContentPage
      title="Privacy Policy"
      lastUpdated="2026-11-21"
      intro={
        <p>
          This policy explains what personal data <ShopName /> collects when you use our website and buy from us, why we
          need it, how long we keep it and what you can ask us to do with it.
        </p>
      }
      sections={sections}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
