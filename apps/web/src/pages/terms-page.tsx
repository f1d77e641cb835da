import { Link } from 'react-router';
import { SitePageMeta } from '../components/site-page-meta';
import { PageHeader } from './parts/page-header';
import { LegalDocument, type DocumentSection } from './parts/legal-document';
import { POLICIES_LAST_UPDATED } from './parts/last-updated';
import './pages.css';

const SECTIONS: DocumentSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <>
        <p>
          These terms are the agreement between you and Atelier for using the website, the apps and everything in them
          (together, "the service"). By creating an account or using the service you accept them. If you use Atelier on
          behalf of an organisation, you accept them for that organisation too.
        </p>
        <p>You must be at least 16 years old, or the age of digital consent where you live if that is higher.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          Give accurate details when you sign up and keep your email address current; we use it for sign-in codes.
        </li>
        <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>
          If you think someone else has access, change your password and sign out of all devices from your settings,
          then tell us.
        </li>
        <li>One person, one account. Accounts can't be sold or transferred.</li>
      </ul>
    ),
  },
  {
    id: 'credits',
    title: 'Credits and payments',
    body: (
      <>
        <p>
          Generating content costs credits. The cost of each model is shown before you generate and is taken from your
          balance when the generation is queued.
        </p>
        <ul>
          <li>
            If a generation fails or times out, its credits are returned to your balance automatically. Otherwise
            credits spent are not refunded.
          </li>
          <li>
            Credits have no cash value, can't be exchanged for money and can't be transferred to another account, except
            where the law says otherwise.
          </li>
          <li>
            Prices are shown with their currency before you pay. Payments are handled by our payment processor; we never
            see or store your full card number.
          </li>
          <li>Bonus credits from referrals or promotions may be withdrawn if they were obtained by abuse.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    body: (
      <>
        <p>
          A subscription renews automatically each month or year, as you chose, and adds its credits at the start of
          each paid period. You can switch plans or billing frequency at any time from your account.
        </p>
        <p>
          When you cancel, the subscription stays active until the end of the period you have paid for and then stops;
          you can reactivate it before then. Payments already made for a period are not refunded, except where the law
          requires it.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and what you may do with it',
    body: (
      <>
        <p>
          You keep whatever rights you have in your prompts, your uploads and what you generate. Subject to these terms
          and to the law where you live, you may use your generations for any lawful purpose, including commercially.
        </p>
        <p>
          So that we can run the service, you give Atelier a worldwide, non-exclusive, royalty-free licence to store,
          process and display your content. For content you make public, that licence also lets us show it in the
          gallery, in search and on your profile, and lets other members view, like, comment on and save it to their
          collections. Making content private, or deleting it, ends this for the future.
        </p>
        <p>
          Generated works may not be protected by copyright in every country, and similar prompts can produce similar
          results for other people. We can't promise that a generation is unique or that you can register it.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>
          You agree to follow our <Link to="/ai-ethics">AI ethics rules</Link>. In particular, you will not use Atelier
          to:
        </p>
        <ul>
          <li>create sexual content involving minors, or intimate imagery of anyone without their consent;</li>
          <li>depict a real, identifiable person without their permission, or impersonate anyone;</li>
          <li>infringe someone else's copyright, trademark or other rights, including through reference images;</li>
          <li>harass, threaten or defame anyone, or promote violence or hatred;</li>
          <li>send spam, scrape the service, get around limits or credits, or interfere with its security.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'community',
    title: 'Jobs, applications and messages',
    body: (
      <>
        <p>
          Job posts and applications are between the people who make them. Atelier does not employ applicants on behalf
          of posters, does not check every post, and is not a party to any agreement you reach. Be honest in what you
          post and careful with the personal details you share.
        </p>
        <p>
          Messages are private between you and the person you write to, but keep them civil: the acceptable use rules
          apply there as well.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    body: (
      <>
        <p>
          You can delete your account at any time from your settings. We may suspend or close an account that breaks
          these terms, with notice where that is reasonable. Unused credits on an account closed for a serious breach
          are forfeited.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <>
        <p>
          We work to keep Atelier available and correct, but the service is provided as it is. Generated content can be
          inaccurate, unexpected or unsuitable, and you are responsible for how you use it.
        </p>
        <p>
          To the extent the law allows, Atelier is not liable for indirect or consequential losses, and our total
          liability to you is limited to the amount you paid us in the twelve months before the claim. Nothing in these
          terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms we will update the date above, and for significant changes tell you by email or in
        the app before they take effect. If you keep using Atelier after that, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us through the <Link to="/contact-us">contact form</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <>
      <SitePageMeta
        path="/terms-of-services"
        description="The terms for using Atelier: accounts, credits and payments, subscriptions, your rights in what you generate, acceptable use, and how to reach us."
      />
      <PageHeader eyebrow="Legal" title="Terms of service" lead={`Last updated ${POLICIES_LAST_UPDATED}.`} />
      <LegalDocument
        sections={SECTIONS}
        intro={
          <p className="lead">
            The short version: be honest, respect other people and their work, and you own what you make. Credits pay
            for generations, and failed ones are refunded. The full terms follow.
          </p>
        }
      />
    </>
  );
}
