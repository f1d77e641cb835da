import { Link } from 'react-router';
import { SitePageMeta } from '../components/site-page-meta';
import { PageHeader } from './parts/page-header';
import { LegalDocument, type DocumentSection } from './parts/legal-document';
import { POLICIES_LAST_UPDATED } from './parts/last-updated';
import './pages.css';

const SECTIONS: DocumentSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>What you give us</h3>
        <ul>
          <li>
            Account details: your name, username, email address and password (stored only as a strong one-way hash).
          </li>
          <li>Profile details you choose to add, such as a bio, avatar, website or location.</li>
          <li>Your prompts, reference images, generations, comments, likes, collections and messages.</li>
          <li>Job posts and applications, including any résumé or portfolio link you attach.</li>
          <li>What you write to us through the contact form or support chat.</li>
        </ul>
        <h3>What we record as you use Atelier</h3>
        <ul>
          <li>
            Sign-in sessions: the device and browser, IP address and when each session was last used, so you can see and
            end them.
          </li>
          <li>Your credit ledger: every purchase, generation, refund and bonus.</li>
          <li>Basic logs of requests and errors, kept to run and secure the service.</li>
        </ul>
        <h3>What others give us</h3>
        <ul>
          <li>
            If you sign in with Google or Facebook, your name, email address and profile picture from that account.
          </li>
          <li>
            Our payment processor tells us whether a payment succeeded. It never shares your full card number with us.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>
          To provide the service: run your generations, keep your balance, show your work and deliver your messages.
        </li>
        <li>To keep accounts secure: sign-in codes, session management, detecting abuse and enforcing our rules.</li>
        <li>To send you the emails the service needs, such as verification and password reset codes and receipts.</li>
        <li>To answer you when you contact us.</li>
        <li>To understand, in aggregate, how Atelier is used so we can improve it.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    body: (
      <p>
        Where the GDPR or similar laws apply, we process your data to perform our contract with you (running your
        account and generations), for our legitimate interests (security, preventing abuse, improving the service), to
        meet legal obligations (keeping payment records), and with your consent where we ask for it, which you can
        withdraw at any time.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>Other members, for what you make public: your profile, public content, comments and job posts.</li>
          <li>The people you message or apply to.</li>
          <li>Our payment processor, to take payments and manage subscriptions.</li>
          <li>Our email provider, to deliver the emails the service sends.</li>
          <li>
            A hosted model provider, only if this site is configured to use one; it receives the prompt and any
            reference image needed for that generation. See <Link to="/ai-ethics">AI ethics</Link>.
          </li>
          <li>Authorities, when the law requires it, or to protect people from serious harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          Atelier keeps a few things in your browser's local storage: your sign-in tokens, so you stay signed in, and
          your chosen theme. We don't use advertising cookies or third-party trackers.
        </p>
        <p>
          If the operator of this site enables an analytics tag, it measures page visits in aggregate; you can block it
          in your browser without losing any feature.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Your account and content: for as long as your account exists.</li>
        <li>Ended sessions and expired one-time codes: removed regularly.</li>
        <li>Payment records: as long as tax and accounting law requires, even after you delete your account.</li>
        <li>Contact messages: up to two years, unless they are part of an ongoing matter.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are hashed with Argon2id, sign-in codes and refresh tokens are stored hashed and expire, and every
        connection is encrypted. Reusing an old refresh token ends the whole chain of sessions it belongs to. No system
        is perfect; if we ever learn of a breach affecting your data, we will tell you and the relevant authority as the
        law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can:</p>
        <ul>
          <li>see and correct your profile and settings at any time;</li>
          <li>see your active sessions and sign out of any or all of them;</li>
          <li>make any piece of content private, or delete it;</li>
          <li>delete your account from your settings, which removes your profile and content;</li>
          <li>ask us for a copy of your data, or object to how we use it, through the contact form.</li>
        </ul>
        <p>You can also complain to your local data protection authority.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Atelier is not meant for children under 16, and we don't knowingly collect their data.</p>,
  },
  {
    id: 'changes',
    title: 'Changes',
    body: (
      <p>
        We will update the date above when this policy changes, and tell you by email or in the app before significant
        changes take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For anything about your privacy, write to us through the <Link to="/contact-us">contact form</Link> and choose a
        subject starting with "Privacy".
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <>
      <SitePageMeta
        path="/privacy-policy"
        description="What Atelier collects, why, who we share it with, how long we keep it and the choices you have, written in plain language."
      />
      <PageHeader eyebrow="Legal" title="Privacy policy" lead={`Last updated ${POLICIES_LAST_UPDATED}.`} />
      <LegalDocument
        sections={SECTIONS}
        intro={
          <p className="lead">
            We collect what we need to run your account and your generations, we don't sell it, and you can take it with
            you or delete it.
          </p>
        }
      />
    </>
  );
}
