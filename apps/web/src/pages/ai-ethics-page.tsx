import { Link } from 'react-router';
import { SitePageMeta } from '../components/site-page-meta';
import { ShieldIcon } from '../components/ui';
import { PageHeader } from './parts/page-header';
import { LegalDocument, type DocumentSection } from './parts/legal-document';
import './pages.css';

const SECTIONS: DocumentSection[] = [
  {
    id: 'what-makes-your-content',
    title: 'What actually makes your content',
    body: (
      <>
        <p>We want you to know exactly what happens when you press Generate, so here it is plainly.</p>
        <p>
          <strong>Out of the box, Atelier uses a local renderer, and it is not an AI model.</strong> It is a procedural
          stand-in that runs on our own server. It reads the words of your prompt (colours, mood, time of day, subjects
          such as mountains, waves, a skyline or a forest) and paints an original image, SVG, GIF or video from them
          with ordinary drawing code. It was not trained on anyone's work, it cannot imitate a particular artist, person
          or photograph, and your prompt never leaves the server.
        </p>
        <p>
          The model names in the Generate dialog (FLUX, Runway, Luma, Pika, Stable Diffusion XL) describe the tier,
          speed and price you are choosing. They are rendered by a hosted model provider <em>only</em> when the operator
          of this site has configured one. In that case your prompt, and any reference image you attach, is sent to that
          provider to produce the result, and the provider's own terms and data practices also apply.
        </p>
        <p>
          Either way, Atelier itself does not train models on your prompts, uploads or generations, and does not sell
          them.
        </p>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Consent and likeness',
    body: (
      <>
        <p>Generated media can hurt real people. When you use Atelier you agree not to create or share:</p>
        <ul>
          <li>images, video or audio-visual likenesses of a real, identifiable person without their consent;</li>
          <li>sexual content of any kind involving minors, or anything that sexualises children;</li>
          <li>intimate or sexual imagery of anyone who has not agreed to it;</li>
          <li>content designed to deceive, such as fake news photos or impersonation of public figures;</li>
          <li>harassment, threats, or content that promotes violence against people or groups.</li>
        </ul>
        <p>
          Only upload a reference image if you own it or have permission to use it. If you appear in something on
          Atelier that you did not agree to, <Link to="/contact-us">tell us</Link> and we will take it down.
        </p>
      </>
    ),
  },
  {
    id: 'provenance',
    title: 'Provenance written into every file',
    body: (
      <>
        <p>
          Every file Atelier produces carries provenance metadata written into the file itself: that it was generated on
          Atelier, which model tier produced it, and when. The metadata travels with the file when you download or share
          it, so anyone can check where it came from, without a visible watermark spoiling your work.
        </p>
        <p>
          Please don't strip provenance data to pass generated work off as a photograph or as something made by hand.
        </p>
      </>
    ),
  },
  {
    id: 'blocklist',
    title: 'The prompt blocklist',
    body: (
      <>
        <p>
          Before a generation is queued, its prompt is checked against a blocklist of terms for the most serious harms,
          including child sexual abuse material and graphic real-world violence. A prompt that matches is refused with a
          message telling you why, and no credits are spent.
        </p>
        <p>
          A blocklist is a blunt tool: it can't understand intent, and it will sometimes refuse an innocent prompt or
          miss a harmful one. It is our first line, not our only one. Reports from the community and our own review of
          public content do the rest.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Private by choice',
    body: (
      <p>
        Tick <em>Make this content private</em> in the Generate dialog and the result is visible only to you: it never
        appears in the gallery, in search or on your public profile, and its prompt stays between you and Atelier. Our{' '}
        <Link to="/privacy-policy">privacy policy</Link> covers the rest.
      </p>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting and appeals',
    body: (
      <>
        <p>
          If you see something on Atelier that breaks these rules, use the <Link to="/contact-us">contact form</Link>{' '}
          with the link to the content. A person reads every report. We remove content that breaks the rules, and we may
          suspend accounts that do so repeatedly.
        </p>
        <p>
          If we removed something of yours and you think we got it wrong, reply to our message or write to us through
          the same form; we will look at it again.
        </p>
      </>
    ),
  },
];

export function AiEthicsPage() {
  return (
    <>
      <SitePageMeta
        path="/ai-ethics"
        description="How Atelier makes your content, what the local renderer is and isn't, consent and likeness rules, provenance metadata in every file, and our prompt blocklist."
      />
      <PageHeader
        eyebrow="AI ethics"
        title="How we make things, and the lines we hold"
        lead="Generated media is only useful if you can trust it. This page explains what renders your content, what we ask of you, and what we do to keep Atelier safe."
      />
      <LegalDocument
        sections={SECTIONS}
        intro={
          <div className="callout">
            <ShieldIcon size={22} />
            <div>
              <p>
                <strong>In short:</strong> the built-in renderer is a local stand-in, not an AI model; hosted models are
                used only when this site is configured for them. Files carry their provenance, harmful prompts are
                refused, and nothing you make is used to train models.
              </p>
            </div>
          </div>
        }
      />
    </>
  );
}
